import { maxAuthFormLength as maxLength } from "#shared/password-rules.ts";
import { type FieldErrors, fieldErrors, isEmail, runeLength } from "./validation.ts";

// The small forms of PocketBase's auth endpoints (ozzo rules: Required, Length, EmailFormat, In).

/** auth-with-password: identity and password 1–255, identityField one of the collection's. */
export function validateAuthWithPassword(
  form: { identity: string; password: string; identityField: string },
  identityFields: string[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of ["identity", "password"] as const) {
    if (form[key] === "") errors[key] = fieldErrors.required();
    else if (runeLength(form[key]) > maxLength) errors[key] = fieldErrors.length(1, maxLength);
  }
  if (form.identityField !== "") {
    if (runeLength(form.identityField) > maxLength) errors.identityField = fieldErrors.length(1, maxLength);
    else if (!identityFields.includes(form.identityField)) errors.identityField = fieldErrors.in();
  }
  return errors;
}

/** request-verification / request-password-reset: a required email of 1–255 characters. */
export function validateEmail(email: string, key = "email"): FieldErrors {
  if (email === "") return { [key]: fieldErrors.required() };
  if (runeLength(email) > maxLength) return { [key]: fieldErrors.length(1, maxLength) };
  if (!isEmail(email)) return { [key]: fieldErrors.email() };
  return {};
}

/** request-email-change: a valid email, not the current one, not used by another account. */
export function validateNewEmail(
  newEmail: string,
  currentEmail: string,
  usedByAnother: (email: string) => boolean,
) {
  const errors = validateEmail(newEmail, "newEmail");
  if (Object.keys(errors).length > 0) return errors;
  if (newEmail === currentEmail) return { newEmail: fieldErrors.notIn() };
  if (usedByAnother(newEmail)) return { newEmail: fieldErrors.invalidNewEmail() };
  return {};
}

/** confirm-password-reset: password (min…255) and its confirmation; the token is checked by the caller. */
export function validateNewPassword(
  form: { password: string; passwordConfirm: string },
  minLength: number,
): FieldErrors {
  const errors: FieldErrors = {};
  const length = runeLength(form.password);
  if (form.password === "") errors.password = fieldErrors.required();
  else if (length < minLength || length > maxLength)
    errors.password = fieldErrors.length(minLength, maxLength);
  if (form.passwordConfirm === "") errors.passwordConfirm = fieldErrors.required();
  else if (form.passwordConfirm !== form.password) errors.passwordConfirm = fieldErrors.mismatch();
  return errors;
}
