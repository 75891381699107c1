import { useLingui } from "@lingui/react/macro";
import { Field } from "../../ui/field.tsx";
import type { FieldError } from "../../ui/field-error-message.ts";
import { PasswordInput } from "../../ui/password-input.tsx";
import { passwordLength } from "./validation.ts";

type NewPasswordForm = {
  values: { password: string; passwordConfirm: string };
  setValue: (field: "password" | "passwordConfirm", value: string) => void;
  errorFor: (...fields: string[]) => FieldError | undefined;
};

/** A new password and its confirmation, as password managers expect them (`new-password`). */
export function NewPasswordFields({ form }: { form: NewPasswordForm }) {
  const { t } = useLingui();
  const { min: minLength, max: maxLength } = passwordLength;
  return (
    <>
      <Field
        label={t`New password`}
        description={t`From ${minLength} to ${maxLength} characters: letters, numbers, spaces and symbols all work. An accented letter or an emoji counts as two or more.`}
        error={form.errorFor("password")}
      >
        <PasswordInput
          name="password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={(e) => form.setValue("password", e.target.value)}
        />
      </Field>
      <Field label={t`Confirm the new password`} error={form.errorFor("passwordConfirm")}>
        <PasswordInput
          name="passwordConfirm"
          autoComplete="new-password"
          value={form.values.passwordConfirm}
          onChange={(e) => form.setValue("passwordConfirm", e.target.value)}
        />
      </Field>
    </>
  );
}
