import { useLingui } from "@lingui/react/macro";
import { PasswordField } from "./auth-fields.tsx";
import { passwordLength } from "#shared/password-rules.ts";
import { checkConfirmation, checkNewPassword } from "#src/forms/validation.ts";

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
 * A new password and its confirmation, as password managers expect them (`new-password`). The hint
 * says the rule people need (the minimum); the upper limits, which only very long passwords or
 * ones full of emoji reach, show as the field's error when they are exceeded. `purpose` words the
 * labels: sign-up asks for a "Password", a change or a reset for a "New password".
 */
export function NewPasswordFields({
  form,
  purpose = "change",
}: {
  form: NewPasswordForm;
  purpose?: "change" | "signup";
}) {
  const { t } = useLingui();
  const minLength = passwordLength.min;
  const signup = purpose === "signup";
  return (
    <>
      <PasswordField
        name="password"
        autoComplete="new-password"
        label={signup ? t`Password` : t`New password`}
        toggleLabels={signup ? undefined : { show: t`Show new password`, hide: t`Hide new password` }}
        description={t`At least ${minLength} characters.`}
        value={form.values.password}
        onValueChange={(value) => form.setValue("password", value)}
        error={form.errorFor("password")}
      />
      <PasswordField
        name="passwordConfirm"
        autoComplete="new-password"
        label={signup ? t`Confirm password` : t`Confirm the new password`}
        toggleLabels={
          signup
            ? { show: t`Show password confirmation`, hide: t`Hide password confirmation` }
            : { show: t`Show new password confirmation`, hide: t`Hide new password confirmation` }
        }
        value={form.values.passwordConfirm}
        onValueChange={(value) => form.setValue("passwordConfirm", value)}
        error={form.errorFor("passwordConfirm")}
      />
    </>
  );
}
