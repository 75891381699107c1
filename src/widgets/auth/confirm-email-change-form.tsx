import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { AuthCard } from "./auth-card.tsx";
import { PasswordField } from "./auth-fields.tsx";
import { FormAlert } from "../../forms/form-alert.tsx";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { SuccessThenLogIn } from "./log-in-button.tsx";
import { useForm, type FormProps } from "../../forms/use-form.ts";
import { collectErrors, requireValue } from "../../forms/validation.ts";

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
}: FormProps<ConfirmEmailChangeValues>) {
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
      {status === "success" ? (
        <SuccessThenLogIn>
          <Trans>Your email address has been changed. Log in again with the new one.</Trans>
        </SuccessThenLogIn>
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
