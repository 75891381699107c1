import { useLingui } from "@lingui/react/macro";
import type * as React from "react";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import { PasswordInput } from "../../ui/password-input.tsx";

type TextFieldProps = {
  /** The input's `name` (it also picks the error wording). */
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The field's error, already in the visitor's language. */
  error?: string;
  label?: React.ReactNode;
  description?: React.ReactNode;
};

/** An email address field, as browsers and password managers expect it ("Email" unless `label`). */
export function EmailField({ name, value, onValueChange, error, label, description }: TextFieldProps) {
  const { t } = useLingui();
  return (
    <Field label={label ?? t`Email`} description={description} error={error}>
      <Input
        name={name}
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </Field>
  );
}

/** A password field ("Password" unless `label`): the current one unless `autoComplete` says otherwise. */
export function PasswordField({
  name,
  value,
  onValueChange,
  error,
  label,
  description,
  autoComplete = "current-password",
}: TextFieldProps & { autoComplete?: "current-password" | "new-password" }) {
  const { t } = useLingui();
  return (
    <Field label={label ?? t`Password`} description={description} error={error}>
      <PasswordInput
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </Field>
  );
}
