import { type BillingState, type BillingView, paidPrice, runningStates } from "#shared/billing.ts";
import type { BillingMail, OrderTerms, WithdrawalRefund } from "#server/mail/billing-templates.ts";
import type { Settled } from "./state.ts";

// Which emails a transition sends, told from the state the last transition settled (`before`), the
// view now (`after`) and what caused it: at most one for the change of state, and one for money
// arriving or failing (a receipt, a failed payment). A pure function: the property test
// (server/billing-machine.test.ts) holds every history to it.

/**
 * What moved the state: Stripe's invoices (`first`: the invoice of the Checkout itself, the
 * order's confirmation), the operator's record of a payment, the customer's withdrawal, or
 * anything else.
 */
export type Cause =
  | { kind: "invoicePaid"; amount: number; nextDate: string; first?: boolean }
  | { kind: "invoiceFailed" }
  | { kind: "markedPaid"; until: string; receipt: number }
  | {
      kind: "withdrawal";
      withdrawnAt: string;
      interval: "month" | "year";
      amount: number;
      startedAt: string;
      refund: number;
      refundState: WithdrawalRefund;
    }
  | { kind: "change" };

const live = new Set<BillingState>(runningStates);

/**
 * The emails of a transition from `before` to `after` at `now` (a PocketBase datetime): the change
 * of state's (at most one), and money's (a receipt, a failed payment), which speaks for the plan
 * too: a receipt replaces "switched" or "resumed". Never two that contradict. A withdrawal sends
 * its acknowledgement alone (it says the access has ended). `order`, the terms of the order that
 * made the running subscription, is repeated in its confirmation: the "starts on DATE" of a
 * subscription taken during the trial, or the receipt of the Checkout's own invoice.
 */
export function transitionMails(
  before: Settled | undefined,
  after: BillingView,
  cause: Cause,
  now: string,
  order?: OrderTerms,
): BillingMail[] {
  if (cause.kind === "withdrawal") {
    const { kind: _kind, ...withdrawal } = cause;
    return [{ kind: "withdrawalConfirmed", ...withdrawal }];
  }
  const money = moneyMail(after, cause, order);
  let change = before && stateMail(before, after, now);
  if (change?.kind === "subscriptionScheduled" && order) change = { ...change, order };
  if (money && (change?.kind === "planSwitched" || change?.kind === "subscriptionResumed")) return [money];
  return [change, money].filter((mail): mail is BillingMail => mail !== undefined);
}

function moneyMail(after: BillingView, cause: Cause, order: OrderTerms | undefined): BillingMail | undefined {
  const interval = after.interval ?? "month";
  if (cause.kind === "invoicePaid" && cause.amount > 0) {
    return {
      kind: "paymentReceived",
      amount: cause.amount,
      interval,
      nextDate: cause.nextDate,
      manual: false,
      ...(cause.first && order ? { order } : {}),
    };
  }
  if (cause.kind === "markedPaid") {
    return {
      kind: "paymentReceived",
      amount: paidPrice(interval),
      interval,
      nextDate: cause.until,
      manual: true,
      receipt: cause.receipt,
    };
  }
  if (cause.kind === "invoiceFailed" && after.state === "past-due") {
    return { kind: "paymentFailed", accessUntil: after.until };
  }
  return undefined;
}

function stateMail(before: Settled, after: BillingView, now: string): BillingMail | undefined {
  const interval = after.interval ?? "month";
  const amount = paidPrice(interval);
  const from = before.state;
  const to = after.state;
  if (from !== to) {
    if (to === "trialing" && !live.has(from)) {
      return { kind: "subscriptionScheduled", amount, interval, startsAt: after.until };
    }
    if (to === "canceling") return { kind: "subscriptionCanceling", endsAt: after.until };
    if (from === "canceling" && (to === "active" || to === "trialing")) {
      return { kind: "subscriptionResumed", amount, interval, nextDate: after.until };
    }
    if (live.has(from) && (to === "ended" || to === "never-subscribed")) {
      const endedAt = before.until !== "" && before.until < now ? before.until : now;
      return { kind: "accessEnded", endedAt, reason: from === "past-due" ? "unpaid" : "canceled" };
    }
  } else if (live.has(to) && before.interval !== "" && before.interval !== interval) {
    return { kind: "planSwitched", amount, interval, nextDate: after.until };
  }
  const trialRan = before.why === "trial" || before.why === "unverified";
  if (trialRan && (after.why.kind === "trial-ended" || after.why.kind === "awaiting-payment")) {
    return { kind: "trialEnded", endedAt: before.until };
  }
  return undefined;
}
