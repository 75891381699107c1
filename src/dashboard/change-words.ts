import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Locale } from "#shared/i18n/locales.ts";
import { formatDate, formatPrice } from "#shared/format.ts";
import { subscriptionStatuses, type SubscriptionStatus } from "#shared/billing.ts";
import type { UserChange } from "./client/notes.ts";

// A superuser's change to a user, in words an operator reads at a glance ("Trial extended to
// 1 November 2026", "Marked as paid yearly until 28 November 2027") from the record the server
// keeps (server/core/user-audit.ts: field, old and new values as text). What has no words of its
// own reads "field: old → new".

/** A subscription as the record of changes writes it: "status, interval[, period end][, ends at the period's end]". */
type RecordedSubscription = {
  status: SubscriptionStatus | "";
  interval: string;
  until: string;
  ending: boolean;
};

const datetime = /^\d{4}-\d{2}-\d{2}[ T]/;

function recordedSubscription(text: string): RecordedSubscription | null {
  if (text === "") return null;
  const [status = "", interval = "", ...rest] = text.split(", ");
  return {
    status: (subscriptionStatuses as readonly string[]).includes(status)
      ? (status as SubscriptionStatus)
      : "",
    interval,
    until: rest.find((part) => datetime.test(part)) ?? "",
    ending: rest.some((part) => !datetime.test(part)),
  };
}

function subscriptionWords(change: Pick<UserChange, "old" | "new">, locale: Locale): MessageDescriptor {
  const after = recordedSubscription(change.new);
  if (!after) return msg`Subscription removed`;
  const date = after.until ? formatDate(after.until, locale) : "";
  const yearly = after.interval === "year";
  if (after.status === "canceled") return msg`Subscription ended at once`;
  if (after.ending && date) return msg`Set to end on ${date}, without renewal`;
  if (after.status === "active" && date) {
    return yearly ? msg`Marked as paid yearly until ${date}` : msg`Marked as paid monthly until ${date}`;
  }
  const before = recordedSubscription(change.old);
  if (before?.ending && !after.ending) return msg`Set to renew again`;
  const recorded = change.new;
  return msg`Subscription changed: ${recorded}`;
}

/** A refund as the record of changes writes it: "4.99 EUR, in_…". */
function refundWords(text: string, locale: Locale): MessageDescriptor {
  const [amount = "", currency = ""] = text.split(", ")[0]?.split(" ") ?? [];
  const value = Number(amount);
  if (!Number.isFinite(value) || !/^[A-Z]{3}$/.test(currency)) return msg`Payment refunded`;
  const price = formatPrice(value, locale, currency);
  return msg`Last payment refunded: ${price}`;
}

/**
 * A customer's withdrawal as the record of changes writes it: "4.99 EUR, refunded|owed|none" (the
 * refund, and where it stands).
 */
function withdrawalWords(text: string, locale: Locale): MessageDescriptor {
  const [money = "", state = ""] = text.split(", ");
  const [amount = "", currency = ""] = money.split(" ");
  const value = Number(amount);
  if (!Number.isFinite(value) || !/^[A-Z]{3}$/.test(currency)) return msg`Withdrew within 14 days`;
  const price = formatPrice(value, locale, currency);
  if (state === "refunded") return msg`Withdrew within 14 days: ${price} refunded to the card`;
  if (state === "owed") return msg`Withdrew within 14 days: ${price} to refund by hand`;
  return msg`Withdrew within 14 days: nothing charged, nothing to refund`;
}

/** A withdrawal's refund made by hand as the record of changes writes it: "4.99 EUR, <withdrawn at>". */
function refundMadeWords(text: string, locale: Locale): MessageDescriptor {
  const [amount = "", currency = ""] = text.split(", ")[0]?.split(" ") ?? [];
  const value = Number(amount);
  if (!Number.isFinite(value) || !/^[A-Z]{3}$/.test(currency)) return msg`Withdrawal’s refund made`;
  const price = formatPrice(value, locale, currency);
  return msg`Withdrawal’s refund made by hand: ${price}`;
}

/** What a change did, in the operator's language. */
export function changeWords(
  change: Pick<UserChange, "field" | "old" | "new">,
  locale: Locale,
): MessageDescriptor {
  const { field, old: before, new: after } = change;
  const yes = after === "true";
  switch (field) {
    case "created":
      return msg`Account created for ${after}`;
    case "password":
      return msg`Password changed (not shown)`;
    case "trial_ends": {
      if (after === "") return msg`Trial removed`;
      const date = formatDate(after, locale);
      if (before === "") return msg`Trial set to end on ${date}`;
      return after > before ? msg`Trial extended to ${date}` : msg`Trial shortened to ${date}`;
    }
    case "subscription":
      return subscriptionWords(change, locale);
    case "refund":
      return refundWords(after, locale);
    case "withdrawal":
      return withdrawalWords(after, locale);
    case "refund_made":
      return refundMadeWords(after, locale);
    case "verified":
      return yes ? msg`Email address marked as verified` : msg`Email address marked as not verified`;
    case "admin":
      return yes ? msg`Given the administration page` : msg`Administration page taken away`;
    case "is_api":
      return yes ? msg`Given API access` : msg`API access taken away`;
    case "newsletter":
      return yes ? msg`Subscribed to the newsletter` : msg`Unsubscribed from the newsletter`;
    case "locale":
      return after === "fr" ? msg`Language set to French` : msg`Language set to English`;
    case "email":
      return msg`Email address changed from ${before} to ${after}`;
    case "name":
      if (before === "") return msg`Name set to ${after}`;
      if (after === "") return msg`Name removed`;
      return msg`Name changed from ${before} to ${after}`;
    case "avatar":
      return msg`Avatar changed`;
    default: {
      const old = before || "—";
      const now = after || "—";
      return msg`${field}: ${old} → ${now}`;
    }
  }
}
