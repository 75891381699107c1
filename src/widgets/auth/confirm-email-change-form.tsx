import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { PasswordInput } from "../../ui/password-input.tsx";
import { AuthCard } from "./auth-card.tsx";
import { FormAlert, FormSuccess, SubmitButton } from "./form-parts.tsx";
import { useAuthForm, type AuthFormProps } from "./use-auth-form.ts";
import { collectErrors, requireValue } from "./validation.ts";

export type ConfirmEmailChangeValues = { password: string };

/**
 * Confirms an email change from the link sent to the new address: PocketBase asks for the current
 * password. Afterwards every session ends, so the visitor logs in again with the new address.
 */
export function ConfirmEmailChangeForm({
  status,
  errors,
  message,
  onSubmit,
}: AuthFormProps<ConfirmEmailChangeValues>) {
  const { t } = useLingui();
  const titleId = React.useId();
  // A rejected link leaves nothing to check the password against, so the server marks it wrong
  // too: only the link's error is true then.
  const shownErrors = errors?.token ? { token: errors.token } : errors;
  const form = useAuthForm<ConfirmEmailChangeValues>({
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
      {status === "success" ? (
        <div className="flex flex-col gap-5">
          <FormSuccess show>
            <Trans>Your email address has been changed. Log in again with the new one.</Trans>
          </FormSuccess>
          <Button asChild className="sm:w-full">
            <LocalizedLink to="/login">
              <Trans>Log in</Trans>
            </LocalizedLink>
          </Button>
        </div>
      ) : (
        <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
          <FormAlert {...form.alert} />
          <Field label={t`Password`} error={form.errorFor("password")}>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={form.values.password}
              onChange={(e) => form.setValue("password", e.target.value)}
            />
          </Field>
          <SubmitButton status={status} className="sm:w-full">
            <Trans>Confirm the change</Trans>
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
