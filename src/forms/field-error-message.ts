import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { invalidTotpCode } from "#shared/two-factor.ts";

/** One field's error, as PocketBase sends it in `data`: `{ email: { code, message, params? } }`. */
export type FieldError = { code: string; message: string; params?: Record<string, unknown> };

/** PocketBase's field-error map, keyed by the request body's field names. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, FieldError>>;

function numberParam(params: Record<string, unknown> | undefined, name: string): number | undefined {
  const value = params?.[name];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

// PocketBase sends no params with the password's length errors (docs/api.md, Field error codes): these are its
// defaults for an auth collection's password.
const passwordFields = new Set(["password", "passwordConfirm", "oldPassword"]);
const passwordMin = 8;
const passwordMax = 71;

/**
 * The message for a PocketBase field error (translated at render). `field` (the body key) picks a more
 * precise wording where one exists. The server's own `message` is never shown: it is English and
 * PocketBase's, so a code this list does not know gets the generic translated error instead.
 */
export function fieldErrorDescriptor(error: FieldError, field?: string): MessageDescriptor {
  const isPassword = field !== undefined && passwordFields.has(field);
  switch (error.code) {
    case "validation_required":
      if (field === "terms") return msg`Please accept the terms of use to continue.`;
      return msg`This field is required.`;
    case "validation_is_email":
      return msg`Enter a valid email address.`;
    case "validation_is_url":
      return msg`Enter a valid web address.`;
    case "validation_not_unique":
      if (field === "email") return msg`An account already exists with this email address.`;
      return msg`This value is already in use.`;
    case "validation_values_mismatch":
      if (field === "passwordConfirm") return msg`The passwords don't match.`;
      if (field === "email") return msg`The email address can't be changed here.`;
      return msg`The values don't match.`;
    case "validation_invalid_old_password":
      return msg`Your current password is incorrect.`;
    case "validation_invalid_password":
      return msg`Your password is incorrect.`;
    case invalidTotpCode:
      return msg`This code is not right, or it has expired.`;
    case "validation_min_text_constraint": {
      const min = numberParam(error.params, "min") ?? (isPassword ? passwordMin : undefined);
      if (min !== undefined) return msg`Must be at least ${min} characters.`;
      return msg`This value is too short.`;
    }
    case "validation_max_text_constraint": {
      const max = numberParam(error.params, "max") ?? (isPassword ? passwordMax : undefined);
      if (max !== undefined) return msg`Must be at most ${max} characters.`;
      return msg`This value is too long.`;
    }
    case "validation_length_out_of_range": {
      const min = numberParam(error.params, "min");
      const max = numberParam(error.params, "max");
      if (min !== undefined && max !== undefined) {
        return msg`Must be between ${min} and ${max} characters.`;
      }
      return msg`This value is too short or too long.`;
    }
    case "validation_min_number_constraint": {
      const min = numberParam(error.params, "min");
      if (min !== undefined) return msg`Must be ${min} or more.`;
      return msg`This number is too small.`;
    }
    case "validation_max_number_constraint": {
      const max = numberParam(error.params, "max");
      if (max !== undefined) return msg`Must be ${max} or less.`;
      return msg`This number is too large.`;
    }
    case "validation_not_a_number":
      return msg`Enter a number.`;
    case "validation_only_int_constraint":
      return msg`Enter a whole number.`;
    case "validation_invalid_date":
      return msg`Enter a valid date.`;
    case "validation_too_many_values":
      return msg`Too many values are selected.`;
    case "validation_invalid_token":
    case "validation_invalid_token_claims":
    case "validation_invalid_token_payload":
    case "validation_token_collection_mismatch":
    case "validation_token_email_mismatch":
      return msg`This link is invalid or has expired.`;
    case "validation_invalid_token_email":
      return msg`This new email address is already in use or no longer valid.`;
    case "validation_not_in_invalid":
      if (field === "newEmail" || field === "email") {
        return msg`This is already your email address. Enter a different one.`;
      }
      return msg`This value isn't allowed.`;
    case "validation_invalid_new_email":
      return msg`Enter a valid email address, different from your current one and not already in use.`;
    case "validation_email_domain_not_allowed":
      return msg`Email addresses from this domain aren't accepted.`;
    case "validation_invalid_format":
      return msg`This value isn't in the expected format.`;
    case "validation_invalid_value":
      // The server's only such error on a password: more UTF-8 bytes than bcrypt reads.
      if (field === "password") {
        return msg`This password is too long (accented letters and emoji take more room). Choose a shorter one.`;
      }
      return msg`This value isn't valid.`;
    case "validation_in_invalid":
      return msg`This value isn't valid.`;
  }
  // Codes a form cannot meet (file, JSON, relation and import rules), and any code added later.
  return msg`This value isn't valid.`;
}

/** The visitor-language text for a PocketBase field error (see `fieldErrorDescriptor`). */
export function fieldErrorMessage(i18n: I18n, error: FieldError, field?: string): string {
  return i18n._(fieldErrorDescriptor(error, field));
}

// Form-level messages: PocketBase's envelope messages, the network's, and the account actions'
// defaults, four of which are worded in French (docs/product.md, Account defaults).
const formMessages: Record<string, MessageDescriptor> = {
  "Login failed": msg`Login failed.`,
  "Failed to authenticate.": msg`Incorrect email or password.`,
  "An error occurred while validating the submitted data.": msg`Some fields need your attention.`,
  "An error occurred while loading the submitted data.": msg`The form could not be sent. Please try again.`,
  "Failed to create record.": msg`Some fields need your attention.`,
  "Failed to update record.": msg`Your changes could not be saved.`,
  "Failed to request email change.": msg`The confirmation email could not be sent. Please try again.`,
  "Failed to confirm email change.": msg`This email address is already in use by another account.`,
  "Invalid or expired token.": msg`This link is invalid or has expired.`,
  "Something went wrong while processing your request.": msg`Something went wrong. Please try again.`,
  "Something went wrong.": msg`Something went wrong. Please try again.`,
  "Too Many Requests.": msg`Too many attempts. Please wait a moment and try again.`,
  "Missing or invalid authentication.": msg`Your session has expired. Please log in again.`,
  "The request requires valid record authorization token.": msg`Your session has expired. Please log in again.`,
  "You are not allowed to perform this request.": msg`You aren't allowed to do this.`,
  "Invalid or expired verification token.": msg`This link is invalid or has expired.`,
  "Failed to fetch": msg`We couldn't reach the server. Check your connection and try again.`,
  "Erreur inconnue": msg`Unknown error.`,
  "Erreur lors du renvoi de l'email": msg`The email could not be sent again.`,
  "Token de vérification invalide": msg`Invalid verification token.`,
  "Erreur lors de la vérification": msg`The check failed.`,
};

const somethingWentWrong = msg`Something went wrong. Please try again.`;

/**
 * The visitor-language text for a form-level error: a message descriptor is translated as is, a
 * known server or network message gets its translation, and anything else (a server's English
 * text this list does not know) the form's generic translated error: raw server text never shows.
 */
export function formErrorMessage(i18n: I18n, message: string | MessageDescriptor | undefined): string {
  if (message === undefined || message === "") return i18n._(somethingWentWrong);
  if (typeof message !== "string") return i18n._(message);
  return i18n._(formMessages[message.trim()] ?? somethingWentWrong);
}
