// Field errors as PocketBase (ozzo-validation) reports them: `{ code, message, params? }`, the
// message already sentenized. One constructor per code the server can produce.

export type FieldError = { code: string; message: string; params?: Record<string, unknown> };
export type FieldErrors = Record<string, FieldError>;

const error = (code: string, message: string, params?: Record<string, unknown>): FieldError =>
  params ? { code, message, params } : { code, message };

export const fieldErrors = {
  required: () => error("validation_required", "Cannot be blank."),
  length: (min: number, max: number) =>
    error("validation_length_out_of_range", `The length must be between ${min} and ${max}.`, { max, min }),
  email: () => error("validation_is_email", "Must be a valid email address."),
  url: () => error("validation_is_url", "Must be a valid url."),
  in: () => error("validation_in_invalid", "Must be a valid value."),
  notIn: () => error("validation_not_in_invalid", "Must not be in list."),
  mismatch: () => error("validation_values_mismatch", "Values don't match."),
  notUnique: () => error("validation_not_unique", "Value must be unique."),
  /** An auth record id another auth collection already has (PocketBase's cross-collection check). */
  invalidAuthId: () => error("validation_invalid_auth_id", "Invalid or duplicated auth record id."),
  invalidValue: () => error("validation_invalid_value", "Invalid value."),
  invalidOldPassword: () => error("validation_invalid_old_password", "Missing or invalid old password."),
  invalidPassword: () => error("validation_invalid_password", "Missing or invalid auth record password."),
  minText: (min: number) =>
    error("validation_min_text_constraint", `Must be at least ${min} character(s).`, { min }),
  maxText: (max: number) =>
    error("validation_max_text_constraint", `Must be no more than ${max} character(s).`, { max }),
  minPassword: (min: number) =>
    error("validation_min_text_constraint", `Must be at least ${min} character(s).`),
  maxPassword: (max: number) =>
    error("validation_max_text_constraint", `Must be less than ${max} character(s).`),
  format: () => error("validation_invalid_format", "Invalid value format."),
  pkChange: () => error("validation_pk_change", "The record primary key cannot be changed."),
  notANumber: () => error("validation_not_a_number", "The submitted number is not properly formatted."),
  onlyInt: () => error("validation_only_int_constraint", "Decimal numbers are not allowed."),
  minNumber: (min: number) =>
    error("validation_min_number_constraint", `Must be greater or equal than ${min}.`, { min }),
  maxNumber: (max: number) =>
    error("validation_max_number_constraint", `Must be less or equal than ${max}.`, { max }),
  tooManyValues: (maxSelect: number) =>
    error("validation_too_many_values", `Select no more than ${maxSelect}.`, { maxSelect }),
  invalidSelectValue: (value: string) =>
    error("validation_invalid_value", `Invalid value ${value}.`, { value }),
  missingRelations: () =>
    error("validation_missing_rel_records", "Failed to find all relation records with the provided ids."),
  domainNotAllowed: () => error("validation_email_domain_not_allowed", "Email domain is not allowed."),
  invalidJson: () => error("validation_invalid_json", "Must be a valid json value."),
  jsonSize: (maxSize: number) =>
    error("validation_json_size_limit", `The maximum allowed JSON size is ${maxSize} bytes.`, { maxSize }),
  invalidDate: () => error("validation_invalid_date", "Must be a valid date."),
  minDate: (min: string) => error("validation_min_date_constraint", `Must be no less than ${min}.`, { min }),
  invalidToken: () => error("validation_invalid_token", "Invalid or expired token."),
  invalidTokenClaims: () => error("validation_invalid_token_claims", "Missing email token claim."),
  invalidTokenPayload: () =>
    error("validation_invalid_token_payload", "Invalid token payload - newEmail must be set."),
  tokenCollectionMismatch: () =>
    error("validation_token_collection_mismatch", "The provided token is for different auth collection."),
  tokenEmailMismatch: () =>
    error(
      "validation_token_email_mismatch",
      "The record email doesn't match with the requested token claims.",
    ),
  invalidTokenEmail: () => error("validation_invalid_token_email", "The new email address is invalid."),
  invalidNewEmail: () => error("validation_invalid_new_email", "Invalid new email address."),
};

// govalidator's email pattern (ozzo `is.EmailFormat`), transcribed from Go RE2 to a JS unicode regex.
const u = "\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF";
const emailPattern = new RegExp(
  `^(((([a-zA-Z]|\\d|[!#\\$%&'\\*\\+\\-\\/=\\?\\^_\`{\\|}~]|[${u}])+(\\.([a-zA-Z]|\\d|[!#\\$%&'\\*\\+\\-\\/=\\?\\^_\`{\\|}~]|[${u}])+)*)|((\\x22)((((\\x20|\\x09)*(\\x0d\\x0a))?(\\x20|\\x09)+)?(([\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]|\\x21|[\\x23-\\x5b]|[\\x5d-\\x7e]|[${u}])|(\\([\\x01-\\x09\\x0b\\x0c\\x0d-\\x7f]|[${u}]))))*(((\\x20|\\x09)*(\\x0d\\x0a))?(\\x20|\\x09)+)?(\\x22)))@((([a-zA-Z]|\\d|[${u}])|(([a-zA-Z]|\\d|[${u}])([a-zA-Z]|\\d|-|\\.|_|~|[${u}])*([a-zA-Z]|\\d|[${u}])))\\.)+(([a-zA-Z]|[${u}])|(([a-zA-Z]|[${u}])([a-zA-Z]|\\d|-|\\.|_|~|[${u}])*([a-zA-Z]|[${u}])))\\.?$`,
  "u",
);

/** ozzo-validation's `is.EmailFormat` (govalidator `IsEmail`). */
export function isEmail(value: string): boolean {
  return value.length <= 512 && emailPattern.test(value);
}

/** A minimal `is.URL`: an absolute http(s) or ftp URL. */
export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return ["http:", "https:", "ftp:"].includes(url.protocol) && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Runes, as Go's `len([]rune(s))` counts them. */
export function runeLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}
