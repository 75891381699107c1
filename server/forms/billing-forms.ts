import { parseDateTime } from "#shared/datetime.ts";
import type { Interval } from "#shared/billing.ts";
import { formatDateTime } from "../core/values.ts";
import { type FieldErrors, fieldErrors } from "./validation.ts";

// The operator's billing forms (this server's endpoints, validated in PocketBase's style).

// A day, optionally a time and a zone: what a date input, PocketBase and `toISOString` write. The
// engine's own parser also takes "5" or "Jan 5" (as some year's date): a payment record needs the
// date the operator meant.
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date as written (a day, PocketBase's datetime or ISO), or undefined: no such day, or not a date. */
export function readDateTime(text: string): Date | undefined {
  const match = dateTimePattern.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  // 2027-02-31 would roll over to March 3rd.
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  const date = parseDateTime(text.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export type MarkPaidForm = { user: string; until: Date; interval: Interval };

/**
 * mark-paid: a user id, a paid-until date after `now` and the interval paid for (`month` when
 * omitted). Returns the typed values, or the field errors.
 */
export function validateMarkPaid(
  body: { user: string; until: string; interval: string },
  now: Date,
): { value: MarkPaidForm; errors?: undefined } | { value?: undefined; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (body.user.trim() === "") errors.user = fieldErrors.required();
  const until = readDateTime(body.until);
  if (body.until.trim() === "") errors.until = fieldErrors.required();
  else if (!until) errors.until = fieldErrors.invalidDate();
  else if (until.getTime() <= now.getTime()) errors.until = fieldErrors.minDate(formatDateTime(now));
  const interval = body.interval || "month";
  if (interval !== "month" && interval !== "year") errors.interval = fieldErrors.in();
  if (Object.keys(errors).length > 0 || !until) return { errors };
  return { value: { user: body.user.trim(), until, interval: interval as Interval } };
}
