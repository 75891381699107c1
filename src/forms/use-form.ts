import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as React from "react";
import { useLingui } from "@lingui/react";
import { useHydrated } from "../lib/use-hydrated.ts";
import {
  fieldErrorDescriptor,
  fieldErrorMessage,
  type FieldError,
  type FieldErrors,
} from "./field-error-message.ts";

/** Where a form's request is: the same four states for every form of the site and the dashboard. */
export type FormStatus = "idle" | "submitting" | "success" | "error";

/** What every form takes: the request's state, PocketBase's field errors, a form-level message. */
export type FormProps<Values> = {
  status?: FormStatus;
  /** PocketBase's `data` from the error response: `{ email: { code, message } }`. */
  errors?: FieldErrors;
  /** The form-level error (shown when `status` is "error"): a server message or a message descriptor. */
  message?: string | MessageDescriptor;
  onSubmit: (values: Values) => void;
};

/** Focuses the first control marked invalid, in document order (radio groups: their checked or first radio). */
function focusFirstInvalid(root: HTMLElement | null) {
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target =
    invalid.getAttribute("role") === "radiogroup"
      ? (invalid.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ??
        invalid.querySelector<HTMLElement>('[role="radio"]'))
      : invalid;
  target?.focus();
}

/**
 * A form's focus after a failed submit: `focusInvalid()` moves it to the first field marked
 * invalid once the errors are shown. Returns the form's ref and `focusInvalid`.
 */
function useFocusFirstInvalid() {
  const form = React.useRef<HTMLFormElement>(null);
  const [requests, setRequests] = React.useState(0);
  React.useEffect(() => {
    if (requests > 0) focusFirstInvalid(form.current);
  }, [requests]);
  const focusInvalid = React.useCallback(() => setRequests((n) => n + 1), []);
  return [form, focusInvalid] as const;
}

/**
 * Text typed into the form's fields before it hydrated: React keeps what the DOM shows when it
 * hydrates a controlled input, but its state still holds the prerendered (empty) value.
 */
function typedBeforeHydration<Values extends Record<string, unknown>>(
  form: HTMLFormElement,
  values: Values,
): Partial<Values> {
  const typed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = form.elements.namedItem(name);
    if (typeof value !== "string" || !(field instanceof HTMLInputElement)) continue;
    if (["checkbox", "radio", "hidden"].includes(field.type)) continue;
    if (field.value !== value) typed[name] = field.value;
  }
  return typed as Partial<Values>;
}

const fieldsNeedAttention = msg`Some fields need your attention.`;

/**
 * The form-level banner for a server answer. When the answer maps onto fields the form shows,
 * those field errors are the message and the banner only summarises them (never a second,
 * contradicting text such as the action's default); an error on a field the form does not show
 * (a link's token, a server-set value) becomes the banner, worded by its code.
 */
export function bannerMessage(
  errors: FieldErrors | undefined,
  shownFields: readonly string[],
  message: string | MessageDescriptor | undefined,
): string | MessageDescriptor | undefined {
  const entries = Object.entries(errors ?? {}).filter((entry): entry is [string, FieldError] =>
    Boolean(entry[1]),
  );
  const hidden = entries.find(([field]) => !shownFields.includes(field));
  if (hidden) return fieldErrorDescriptor(hidden[1], hidden[0]);
  if (entries.length > 0) return fieldsNeedAttention;
  return message;
}

/**
 * The one form hook, for the site's forms and the dashboard's: values, client checks run on submit (errors
 * worded through the same PocketBase codes), server errors hidden once their field is edited,
 * focus on the first invalid field whenever errors arrive, and no submit while one is in flight.
 * `alert` is what the form's FormAlert shows: it follows `bannerMessage` and clears as soon as the
 * visitor edits a field or submits again, so a stale server banner never sits above a later check.
 */
export function useForm<Values extends Record<string, unknown>>({
  initialValues,
  validate,
  status = "idle",
  errors,
  message,
  otherErrorFields = [],
  onSubmit,
  resetOnSuccess = false,
}: {
  initialValues: Values;
  validate?: (values: Values) => FieldErrors<Extract<keyof Values, string>>;
  status?: FormStatus;
  errors?: FieldErrors;
  /** The form-level message of the last answer (see `bannerMessage`). */
  message?: string | MessageDescriptor;
  /** Server error keys shown on one of the form's fields besides the values' own (`identity`, ...). */
  otherErrorFields?: readonly string[];
  onSubmit: (values: Values) => void;
  /** Clear the fields once the server accepted them (passwords). */
  resetOnSuccess?: boolean;
}) {
  const [bannerCleared, setBannerCleared] = React.useState(false);
  const [formRef, focusInvalid] = useFocusFirstInvalid();
  const [values, setValues] = React.useState(initialValues);
  const { i18n } = useLingui();
  const [clientErrors, setClientErrors] = React.useState<FieldErrors>({});
  const [edited, setEdited] = React.useState<ReadonlySet<string>>(new Set());
  const hydrated = useHydrated();
  const [heldSubmit, setHeldSubmit] = React.useState(false);

  // Once hydrated: what was typed before is taken in, and a submit the page's inline script held
  // (src/enhance/app-page-script.ts) is sent, with those values, on the next render.
  React.useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = typedBeforeHydration(form, initialValues);
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
    if (form.hasAttribute("data-held-submit")) {
      form.removeAttribute("data-held-submit");
      form.querySelector('[aria-busy="true"]')?.removeAttribute("aria-busy");
      setHeldSubmit(true);
    }
  }, []);
  React.useEffect(() => {
    if (!heldSubmit) return;
    setHeldSubmit(false);
    submit();
  }, [heldSubmit]);

  // A new response (status change or different errors) shows every server error again and
  // moves focus to the first one. Keyed by content so a parent re-render does not steal focus.
  const serverKey = `${status}:${JSON.stringify(errors ?? {})}`;
  React.useEffect(() => {
    setEdited(new Set());
    setBannerCleared(false);
    if (status !== "submitting" && errors && Object.values(errors).some(Boolean)) {
      focusInvalid();
    }
    // serverKey stands for status + errors.
  }, [serverKey]);

  const initialRef = React.useRef(initialValues);
  React.useEffect(() => {
    if (status === "success" && resetOnSuccess) setValues(initialRef.current);
  }, [status, resetOnSuccess]);

  function setValue<K extends keyof Values & string>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => new Set(current).add(field));
    setBannerCleared(true);
    setClientErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }

  /** The server's error on `field`, while it shows: until the field is edited or checked again. */
  function serverError(field: string): FieldError | undefined {
    return field in clientErrors || edited.has(field) ? undefined : errors?.[field];
  }

  /**
   * The first error among `fields`, in the visitor's language; the first field (the input's
   * `name`) picks field-specific wording.
   */
  function errorFor(...fields: string[]): string | undefined {
    for (const field of fields) {
      const error = clientErrors[field] ?? serverError(field);
      if (error) return fieldErrorMessage(i18n, error, fields[0]);
    }
    return undefined;
  }

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function submit() {
    if (status === "submitting") return;
    setBannerCleared(true);
    const found = validate?.(values) ?? {};
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      focusInvalid();
      return;
    }
    onSubmit(values);
  }

  const shownFields = [...Object.keys(initialValues), ...otherErrorFields];
  return {
    alert: {
      status: bannerCleared ? ("idle" as const) : status,
      message: bannerMessage(errors, shownFields, message),
    },
    values,
    setValue,
    errorFor,
    serverError,
    submitting: status === "submitting",
    // `post`: a form the browser sends by itself (scripts off) never puts a password in the URL.
    // `data-hydrated` tells the page's inline script that React handles the form's submits now.
    formProps: {
      ref: formRef,
      onSubmit: handleSubmit,
      noValidate: true,
      method: "post",
      "data-hydrated": hydrated ? "" : undefined,
    },
  };
}
