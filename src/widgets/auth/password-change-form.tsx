import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { AuthCard } from "./auth-card.tsx";
import { PasswordField } from "./auth-fields.tsx";
import { NewPasswordFields, newPasswordChecks } from "./new-password-fields.tsx";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { collectErrors, requireValue } from "#src/forms/validation.ts";

export type PasswordChangeValues = { oldPassword: string; password: string; passwordConfirm: string };

/** Password change with the current password; the fields clear once the server accepted it. */
export function PasswordChangeForm({
  email,
  status,
  errors,
  message,
  onSubmit,
  headingLevel = 2,
}: FormProps<PasswordChangeValues> & {
  /** The account's email, given to password managers (hidden username field) so they update the right entry. */
  email?: string;
  headingLevel?: 1 | 2 | 3;
}) {
  const { t } = useLingui();
  const titleId = React.useId();
  const form = useForm<PasswordChangeValues>({
    initialValues: { oldPassword: "", password: "", passwordConfirm: "" },
    validate: (v) =>
      collectErrors({
        oldPassword: requireValue(v.oldPassword),
        ...newPasswordChecks(v),
      }),
    status,
    errors,
    message,
    onSubmit,
    resetOnSuccess: true,
  });
  return (
    <AuthCard
      data-slot="password-change-form"
      wide
      titleId={titleId}
      headingLevel={headingLevel}
      title={<Trans>Password</Trans>}
      description={<Trans>Choose a new password. You stay logged in on this device.</Trans>}
    >
      <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
        {email ? (
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        ) : null}
        <FormAlert {...form.alert} />
        <FormSuccess show={status === "success"}>
          <Trans>Your password has been changed.</Trans>
        </FormSuccess>
        <PasswordField
          name="oldPassword"
          label={t`Current password`}
          toggleLabels={{ show: t`Show current password`, hide: t`Hide current password` }}
          value={form.values.oldPassword}
          onValueChange={(value) => form.setValue("oldPassword", value)}
          error={form.errorFor("oldPassword")}
        />
        <NewPasswordFields form={form} />
        <SubmitButton status={status} width="full-on-phone" className="self-start">
          <Trans>Change password</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
