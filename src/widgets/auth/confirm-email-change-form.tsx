import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { AuthCard } from "./auth-card.tsx";
import { PasswordField } from "./auth-fields.tsx";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import type { EmailChanged } from "#src/auth/account.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { Button } from "#src/ui/button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { collectErrors, requireValue } from "#src/forms/validation.ts";

export type ConfirmEmailChangeValues = { password: string };

/**
 * Confirms an email change from the link sent to the new address: PocketBase asks for the current
 * password. The change ends every session; `changed` says whether the visitor was signed in again
 * with the new address (they then go on to their account) or must log in with it (filled in).
 */
export function ConfirmEmailChangeForm({
  status,
  errors,
  message,
  changed,
  onSubmit,
}: FormProps<ConfirmEmailChangeValues> & { changed?: EmailChanged | null }) {
  const titleId = React.useId();
  // A rejected link leaves nothing to check the password against, so the server marks it wrong
  // too: only the link's error is true then.
  const shownErrors = errors?.token ? { token: errors.token } : errors;
  const form = useForm<ConfirmEmailChangeValues>({
    initialValues: { password: "" },
    validate: (v) => collectErrors({ password: requireValue(v.password) }),
    status,
    errors: shownErrors,
    message,
    onSubmit,
  });
  return (
    <AuthCard
      data-slot="confirm-email-change-form"
      titleId={titleId}
      title={<Trans>Confirm your new email address</Trans>}
      description={
        status === "success" ? undefined : <Trans>Enter your password to confirm the change.</Trans>
      }
    >
      {status === "success" && changed?.signedIn ? (
        <div className="flex flex-col gap-5">
          <FormSuccess show>
            <Trans>
              Your email address is now <strong className="font-medium">{changed.email}</strong>. You are
              still logged in.
            </Trans>
          </FormSuccess>
          <Button asChild className="sm:w-full">
            <LocalizedLink to="/account">
              <Trans>Continue to my account</Trans>
            </LocalizedLink>
          </Button>
        </div>
      ) : status === "success" ? (
        <div className="flex flex-col gap-5">
          <FormSuccess show>
            <Trans>
              Your email address has been changed. For your security this ends every session: log in again
              with the new address.
            </Trans>
          </FormSuccess>
          <Button asChild className="sm:w-full">
            <LocalizedLink
              to={changed?.email ? `/login?email=${encodeURIComponent(changed.email)}` : "/login"}
            >
              <Trans>Log in</Trans>
            </LocalizedLink>
          </Button>
        </div>
      ) : (
        <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
          <FormAlert {...form.alert} />
          <PasswordField
            name="password"
            value={form.values.password}
            onValueChange={(value) => form.setValue("password", value)}
            error={form.errorFor("password")}
          />
          <SubmitButton status={status} width="full">
            <Trans>Confirm the change</Trans>
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
