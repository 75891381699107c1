import { useLingui } from "@lingui/react/macro";
import * as React from "react";
import { useSearchParams } from "react-router";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { PasswordInput } from "#src/ui/password-input.tsx";

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

/**
 * An email address field, as browsers and password managers expect it ("Email" unless `label`).
 * `passkeys`: the browser may also offer the visitor's passkeys among its suggestions.
 */
export function EmailField({
  name,
  value,
  onValueChange,
  error,
  label,
  description,
  passkeys = false,
}: TextFieldProps & { passkeys?: boolean }) {
  const { t } = useLingui();
  return (
    <Field label={label ?? t`Email`} description={description} error={error}>
      <Input
        name={name}
        type="email"
        autoComplete={passkeys ? "email webauthn" : "email"}
        inputMode="email"
        spellCheck={false}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </Field>
  );
}

/**
 * Fills an email field from the page address's `?email=` (sign-up's links when the account already
 * exists): once hydrated, since the page is prerendered without it. `enabled` for forms that only
 * sometimes take it.
 */
export function useEmailFromLink(fill: (email: string) => void, enabled = true) {
  const [params] = useSearchParams();
  const email = useHydrated() && enabled ? (params.get("email") ?? "").trim() : "";
  React.useEffect(() => {
    if (email) fill(email);
    // The address only: `fill` is a new function on every render.
  }, [email]);
}

/**
 * A password field ("Password" unless `label`): the current one unless `autoComplete` says
 * otherwise. `toggleLabels` name its show/hide button after the field where a form has several.
 */
export function PasswordField({
  name,
  value,
  onValueChange,
  error,
  label,
  description,
  autoComplete = "current-password",
  toggleLabels,
}: TextFieldProps & {
  autoComplete?: "current-password" | "new-password";
  toggleLabels?: React.ComponentProps<typeof PasswordInput>["toggleLabels"];
}) {
  const { t } = useLingui();
  return (
    <Field label={label ?? t`Password`} description={description} error={error}>
      <PasswordInput
        name={name}
        autoComplete={autoComplete}
        toggleLabels={toggleLabels}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </Field>
  );
}

/**
 * A one-time code field: the six digits of an authenticator app (the phone's keypad, and the code
 * the system offers from a message), or a recovery code when `recovery`.
 */
export function CodeField({
  name,
  value,
  onValueChange,
  error,
  label,
  description,
  recovery = false,
}: TextFieldProps & { recovery?: boolean }) {
  const { t } = useLingui();
  return (
    <Field label={label ?? (recovery ? t`Recovery code` : t`Code`)} description={description} error={error}>
      <Input
        name={name}
        autoComplete={recovery ? "off" : "one-time-code"}
        inputMode={recovery ? "text" : "numeric"}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={recovery ? 32 : 12}
        className="font-mono tracking-widest"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </Field>
  );
}
