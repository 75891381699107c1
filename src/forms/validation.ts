import { maxPasswordBytes, passwordLength } from "#shared/password-rules.ts";
import type { FieldError, FieldErrors } from "./field-error-message.ts";

// Client-side checks mirror the server's, with PocketBase's own codes, so one mapping
// (field-error-message.ts) words both in the visitor's language.

const required: FieldError = { code: "validation_required", message: "Cannot be blank." };

export function requireValue(value: string | boolean): FieldError | undefined {
  if (typeof value === "boolean") return value ? undefined : required;
  return value.trim() === "" ? required : undefined;
}

/** Just enough to catch typos: something@something.tld, like PocketBase's check. */
export function checkEmail(value: string): FieldError | undefined {
  if (value.trim() === "") return required;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
    ? undefined
    : { code: "validation_is_email", message: "Must be a valid email address." };
}

/**
 * Length in characters (code points), as the visitor counts them; then bcrypt's limit in UTF-8
 * bytes, which only a password full of accented letters or emoji reaches before the character limit.
 */
export function checkNewPassword(value: string): FieldError | undefined {
  if (value === "") return required;
  const length = [...value].length;
  if (length < passwordLength.min) {
    return {
      code: "validation_min_text_constraint",
      message: `Must be at least ${passwordLength.min} character(s).`,
      params: { min: passwordLength.min },
    };
  }
  if (length > passwordLength.max) {
    return {
      code: "validation_max_text_constraint",
      message: `Must be no more than ${passwordLength.max} character(s).`,
      params: { max: passwordLength.max },
    };
  }
  if (new TextEncoder().encode(value).length > maxPasswordBytes) {
    return {
      code: "validation_invalid_value",
      message: "Invalid value.",
      params: { maxBytes: maxPasswordBytes },
    };
  }
  return undefined;
}

export function checkConfirmation(password: string, confirmation: string): FieldError | undefined {
  if (confirmation === "") return required;
  return password === confirmation
    ? undefined
    : { code: "validation_values_mismatch", message: "Values don't match." };
}

/** Drops the fields without an error, so an empty result means "valid". */
export function collectErrors<Field extends string>(
  checks: Record<Field, FieldError | undefined>,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const [field, error] of Object.entries(checks) as [Field, FieldError | undefined][]) {
    if (error) errors[field] = error;
  }
  return errors;
}
