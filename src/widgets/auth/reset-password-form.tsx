import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { AuthCard } from "./auth-card.tsx";
import { NewPasswordFields, newPasswordChecks } from "./new-password-fields.tsx";
import { FormAlert } from "../../forms/form-alert.tsx";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { SuccessThenLogIn } from "./log-in-button.tsx";
import { useForm, type FormProps } from "../../forms/use-form.ts";
import { collectErrors } from "../../forms/validation.ts";

export type ResetPasswordValues = { password: string; passwordConfirm: string };

/**
 * Chooses a new password from a reset link (the route holds the token). A `token` error (expired
 * or forged link) is shown as the form's alert, with a way to ask for a new link.
 */
export function ResetPasswordForm({ status, errors, message, onSubmit }: FormProps<ResetPasswordValues>) {
  const { t } = useLingui();
  const titleId = React.useId();
  const form = useForm<ResetPasswordValues>({
    initialValues: { password: "", passwordConfirm: "" },
    validate: (v) => collectErrors(newPasswordChecks(v)),
    status,
    errors,
    message,
    onSubmit,
    resetOnSuccess: true,
  });
  const tokenError = errors?.token;
  return (
    <AuthCard data-slot="reset-password-form" titleId={titleId} title={<Trans>Choose a new password</Trans>}>
      {status === "success" ? (
        <SuccessThenLogIn>
          <Trans>Your password has been changed. You can now log in with it.</Trans>
        </SuccessThenLogIn>
      ) : (
        <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
          <FormAlert {...form.alert} />
          {tokenError && status === "error" ? (
            <LocalizedLink
              to="/forgot-password"
              className="-mt-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <Trans>Ask for a new link</Trans>
            </LocalizedLink>
          ) : null}
          <NewPasswordFields form={form} />
          <SubmitButton status={status} width="full">
            <Trans>Save the new password</Trans>
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
