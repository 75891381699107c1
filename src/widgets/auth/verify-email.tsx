import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { Button } from "#src/ui/button.tsx";
import { formErrorMessage, type FieldErrors } from "#src/forms/field-error-message.ts";
import { Spinner } from "#src/ui/spinner.tsx";
import { AuthCard } from "./auth-card.tsx";
import { EmailField } from "./auth-fields.tsx";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { SendAgainIn } from "./send-again-in.tsx";
import { useForm, type FormStatus } from "#src/forms/use-form.ts";
import { checkEmail, collectErrors } from "#src/forms/validation.ts";

export type VerifyEmailState =
  /** Not verified yet: waiting for the visitor to open a link, or to ask for one. */
  | "pending"
  /** The link was opened: its token is being confirmed. */
  | "confirming"
  | "verified"
  /** The token was rejected (expired, forged, already replaced): the server answered 400. */
  | "invalid"
  /** The service could not be reached or failed (offline, 5xx): the link may still be good. */
  | "unreachable";

export type VerifyEmailProps = {
  state: VerifyEmailState;
  /**
   * The signed-in user's address, where the link goes; when unknown (signed out, or the session not
   * checked yet) the visitor types it, and the page says nothing of any account.
   */
  email?: string;
  resendStatus?: FormStatus;
  resendErrors?: FieldErrors;
  resendMessage?: string | MessageDescriptor;
  /** Seconds before another email may be requested (see `useCountdown`); 0 when it may. */
  resendCooldown?: number;
  onResend: (values: { email: string }) => void;
  /** Where "Continue" leads once verified (an English path). */
  continueTo?: string;
  /**
   * "pending", with `email`: a verification email is known to be on its way (sign-up just sent
   * it); if not, the page offers to send one instead of claiming it was sent.
   */
  linkSent?: boolean;
  /** "unreachable" only: why (a translated network or service message). */
  problem?: string | MessageDescriptor;
  /** "unreachable" only: checks the same link again. */
  onRetry?: () => void;
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
  linkSent = false,
  problem,
  onRetry,
}: VerifyEmailProps) {
  const { t, i18n } = useLingui();
  const titleId = React.useId();
  const address = email ?? "";
  // "Check your inbox" only for the address a link is known to have gone to.
  const sent = Boolean(email) && linkSent;
  const titles: Record<VerifyEmailState, React.ReactNode> = {
    pending: sent ? <Trans>Check your inbox</Trans> : <Trans>Verify your email address</Trans>,
    confirming: <Trans>Confirming your email address</Trans>,
    verified: <Trans>Your email address is verified</Trans>,
    invalid: <Trans>This link doesn't work</Trans>,
    unreachable: <Trans>We couldn't check your link</Trans>,
  };
  return (
    <AuthCard data-slot="verify-email" data-state={state} titleId={titleId} title={titles[state]}>
      <div className="flex flex-col gap-5">
        {state === "confirming" ? <Spinner showLabel label={t`Checking the link…`} /> : null}
        {state === "pending" ? (
          <p className="text-sm text-muted-foreground">
            {!email ? (
              <Trans>
                Enter the email address of your account to get a verification link. Open the link to activate
                the account.
              </Trans>
            ) : sent ? (
              <Trans>
                We sent a verification link to{" "}
                <strong className="font-medium text-foreground">{address}</strong>. Open it to activate your
                account. It can take a minute or two, and may land in your spam folder.
              </Trans>
            ) : (
              <Trans>
                To activate your account, get a verification link for{" "}
                <strong className="font-medium text-foreground">{address}</strong> and open it. It can take a
                minute or two to arrive, and may land in your spam folder.
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
        {state === "unreachable" ? (
          <>
            <p className="text-sm text-muted-foreground">
              <Trans>
                The verification service could not be reached, so your link was not checked. It may still be
                valid: try again in a moment.
              </Trans>
            </p>
            {problem ? (
              <p role="alert" className="text-sm">
                {formErrorMessage(i18n, problem)}
              </p>
            ) : null}
            <Button type="button" className="sm:w-full" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </>
        ) : null}
        {state === "pending" || state === "invalid" ? (
          <ResendForm
            linkSent={state === "invalid" || sent}
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
  linkSent,
  email,
  status,
  errors,
  message,
  cooldown,
  onSubmit,
}: {
  linkSent: boolean;
  email?: string;
  status: FormStatus;
  errors?: FieldErrors;
  message?: string | MessageDescriptor;
  cooldown: number;
  onSubmit: (values: { email: string }) => void;
}) {
  const { t } = useLingui();
  const form = useForm<{ email: string }>({
    initialValues: { email: "" },
    // The field is there, and checked, only when the address is not known.
    validate: (v) => (email ? {} : collectErrors({ email: checkEmail(v.email) })),
    status,
    errors,
    message,
    onSubmit: (values) => {
      if (cooldown > 0) return;
      // The address known now, not when the form mounted: the session may have been checked since.
      onSubmit({ email: email ?? values.email.trim() });
    },
  });
  const typed = form.values.email.trim();
  return (
    <form
      aria-label={linkSent ? t`Send the link again` : t`Send the verification link`}
      className="flex flex-col gap-4 border-t border-border pt-5"
      {...form.formProps}
    >
      <FormAlert {...form.alert} />
      <FormSuccess show={status === "success"}>
        {email ? (
          <Trans>A new link is on its way.</Trans>
        ) : (
          // The same answer whether or not the address has an account.
          <Trans>
            If {typed} belongs to an account waiting for verification, a link is on its way. Check your inbox.
          </Trans>
        )}
      </FormSuccess>
      {email ? null : (
        <EmailField
          name="email"
          value={form.values.email}
          onValueChange={(value) => form.setValue("email", value)}
          error={form.errorFor("email")}
        />
      )}
      <Button
        type="submit"
        variant={linkSent ? "outline" : "default"}
        pending={status === "submitting"}
        unavailable={cooldown > 0}
        className="tabular-nums sm:w-full"
      >
        {cooldown > 0 ? (
          <SendAgainIn seconds={cooldown} />
        ) : linkSent ? (
          <Trans>Send the link again</Trans>
        ) : (
          <Trans>Send the verification link</Trans>
        )}
      </Button>
    </form>
  );
}
