import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import type { FieldError } from "../../ui/field-error-message.ts";
import { Input } from "../../ui/input.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { AuthCard } from "./auth-card.tsx";
import { FormAlert, FormSuccess } from "./form-parts.tsx";
import { formatCountdown } from "./use-countdown.ts";
import { useAuthForm, type FormStatus } from "./use-auth-form.ts";
import { checkEmail, collectErrors } from "./validation.ts";

export type VerifyEmailState =
  /** Signed up, waiting for the visitor to open the link. */
  | "pending"
  /** The link was opened: its token is being confirmed. */
  | "confirming"
  | "verified"
  /** The token was rejected (expired, forged, already replaced). */
  | "invalid";

export type VerifyEmailProps = {
  state: VerifyEmailState;
  /** The address the link goes to; when unknown (invalid link, signed out) the visitor types it. */
  email?: string;
  resendStatus?: FormStatus;
  resendErrors?: Record<string, FieldError | undefined>;
  resendMessage?: string | MessageDescriptor;
  /** Seconds before another email may be requested (see `useCountdown`); 0 when it may. */
  resendCooldown?: number;
  onResend: (values: { email: string }) => void;
  /** Where "Continue" leads once verified (an English path). */
  continueTo?: string;
};

/** The email verification panel: pending, confirming, verified or invalid link, with resend. */
export function VerifyEmail({
  state,
  email,
  resendStatus = "idle",
  resendErrors,
  resendMessage,
  resendCooldown = 0,
  onResend,
  continueTo = "/account",
}: VerifyEmailProps) {
  const { t } = useLingui();
  const titleId = React.useId();
  const address = email ?? "";
  const titles: Record<VerifyEmailState, React.ReactNode> = {
    pending: <Trans>Check your inbox</Trans>,
    confirming: <Trans>Confirming your email address</Trans>,
    verified: <Trans>Your email address is verified</Trans>,
    invalid: <Trans>This link doesn't work</Trans>,
  };
  return (
    <AuthCard data-slot="verify-email" data-state={state} titleId={titleId} title={titles[state]}>
      <div className="flex flex-col gap-5">
        {state === "confirming" ? <Spinner showLabel label={t`Checking the link…`} /> : null}
        {state === "pending" ? (
          <p className="text-sm text-muted-foreground">
            {email ? (
              <Trans>
                We sent a verification link to{" "}
                <strong className="font-medium text-foreground">{address}</strong>. Open it to activate your
                account. It can take a minute or two, and may land in your spam folder.
              </Trans>
            ) : (
              <Trans>
                We sent you a verification link. Open it to activate your account. It can take a minute or
                two, and may land in your spam folder.
              </Trans>
            )}
          </p>
        ) : null}
        {state === "verified" ? (
          <>
            <p className="text-sm text-muted-foreground">
              <Trans>Thank you. Your account is active and your Stremio access is ready.</Trans>
            </p>
            <Button asChild className="sm:w-full">
              <LocalizedLink to={continueTo}>
                <Trans>Continue to my account</Trans>
              </LocalizedLink>
            </Button>
          </>
        ) : null}
        {state === "invalid" ? (
          <p className="text-sm text-muted-foreground">
            <Trans>The verification link is invalid or has expired. Ask for a new one below.</Trans>
          </p>
        ) : null}
        {state === "pending" || state === "invalid" ? (
          <ResendForm
            email={email}
            status={resendStatus}
            errors={resendErrors}
            message={resendMessage}
            cooldown={resendCooldown}
            onSubmit={onResend}
          />
        ) : null}
      </div>
    </AuthCard>
  );
}

function ResendForm({
  email,
  status,
  errors,
  message,
  cooldown,
  onSubmit,
}: {
  email?: string;
  status: FormStatus;
  errors?: Record<string, FieldError | undefined>;
  message?: string | MessageDescriptor;
  cooldown: number;
  onSubmit: (values: { email: string }) => void;
}) {
  const { t } = useLingui();
  const form = useAuthForm<{ email: string }>({
    initialValues: { email: email ?? "" },
    validate: (v) => collectErrors({ email: checkEmail(v.email) }),
    status,
    errors,
    onSubmit: (values) => {
      if (cooldown > 0) return;
      onSubmit({ email: values.email.trim() });
    },
  });
  const time = formatCountdown(cooldown);
  return (
    <form
      aria-label={t`Send the link again`}
      className="flex flex-col gap-4 border-t border-border pt-5"
      {...form.formProps}
    >
      <FormAlert status={status} message={message} />
      <FormSuccess show={status === "success"}>
        <Trans>A new link is on its way.</Trans>
      </FormSuccess>
      {email ? null : (
        <Field label={t`Email`} error={form.errorFor("email")}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            value={form.values.email}
            onChange={(e) => form.setValue("email", e.target.value)}
          />
        </Field>
      )}
      <Button
        type="submit"
        variant="outline"
        pending={status === "submitting"}
        disabled={cooldown > 0}
        className="tabular-nums sm:w-full"
      >
        {cooldown > 0 ? <Trans>Send again in {time}</Trans> : <Trans>Send the link again</Trans>}
      </Button>
    </form>
  );
}
