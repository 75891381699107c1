import { useLingui } from "@lingui/react";
import { fieldErrorMessage, type FieldError } from "#src/forms/field-error-message.ts";

/**
 * Words for the server's field-error codes that only the dashboard's forms meet (a date that must
 * lie ahead): `wordError(shown, error, field, words)` gives the form's shown error for `field`, in
 * `words[code]` when what shows is the server's `error` (the form layer's generic wording of it),
 * and as shown otherwise (a check of the form's own).
 */
export function useOwnWords() {
  const { i18n } = useLingui();
  return (
    shown: string | undefined,
    error: FieldError | undefined,
    field: string,
    words: Partial<Record<string, string>>,
  ): string | undefined => {
    const own = error && words[error.code];
    return shown !== undefined && own && shown === fieldErrorMessage(i18n, error, field) ? own : shown;
  };
}
