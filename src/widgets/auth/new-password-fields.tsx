import { useLingui } from "@lingui/react/macro";
import type * as React from "react";
import { PasswordField } from "./auth-fields.tsx";
import { passwordLength } from "../../../shared/password-rules.ts";
import { checkConfirmation, checkNewPassword } from "../../forms/validation.ts";

type NewPasswordForm = {
  values: { password: string; passwordConfirm: string };
  setValue: (field: "password" | "passwordConfirm", value: string) => void;
  errorFor: (...fields: string[]) => string | undefined;
};

/** The checks of a new password and its confirmation, to spread into `collectErrors`. */
export function newPasswordChecks(v: { password: string; passwordConfirm: string }) {
  return {
    password: checkNewPassword(v.password),
    passwordConfirm: checkConfirmation(v.password, v.passwordConfirm),
  };
}

/**
 * A new password and its confirmation, as password managers expect them (`new-password`).
 * `labels` name them otherwise (sign-up asks for a "Password", not a new one).
 */
export function NewPasswordFields({
  form,
  labels,
}: {
  form: NewPasswordForm;
  labels?: { password: React.ReactNode; passwordConfirm: React.ReactNode };
}) {
  const { t } = useLingui();
  const { min: minLength, max: maxLength } = passwordLength;
  return (
    <>
      <PasswordField
        name="password"
        autoComplete="new-password"
        label={labels?.password ?? t`New password`}
        description={t`From ${minLength} to ${maxLength} characters: letters, numbers, spaces and symbols all work. An accented letter or an emoji counts as two or more.`}
        value={form.values.password}
        onValueChange={(value) => form.setValue("password", value)}
        error={form.errorFor("password")}
      />
      <PasswordField
        name="passwordConfirm"
        autoComplete="new-password"
        label={labels?.passwordConfirm ?? t`Confirm the new password`}
        value={form.values.passwordConfirm}
        onValueChange={(value) => form.setValue("passwordConfirm", value)}
        error={form.errorFor("passwordConfirm")}
      />
    </>
  );
}
