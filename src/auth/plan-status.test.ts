import { describe, expect, it } from "vitest";
import {
  activeSubscription,
  awaitingPaymentUser,
  fixtureNow,
  noTrialUser,
  paidUser,
  pastDueSubscription,
  scheduledUser,
  trialUser,
} from "./auth-fixtures.ts";
import { defaultGraceDays, renewalWindowMs, type Subscription } from "#shared/billing.ts";
import {
  planState,
  planStatus,
  planStatusFilters,
  planStatusLabels,
  planStatuses,
  subscriptionOf,
} from "./plan-status.ts";

const day = 24 * 3600_000;
const now = new Date("2026-10-05T12:00:00.000Z");
/** A PocketBase datetime `ms` from `now`. */
const at = (ms: number) => new Date(now.getTime() + ms).toISOString().replace("T", " ");
/** A user whose trial ended on 2026-09-20. */
const afterTrial = { plan: "free" as const, is_monthly: false, trial_ends: "2026-09-20 08:00:00.000Z" };
/** A user whose trial runs until 2026-10-09 09:14 (3 days and 21 hours from `now`). */
const inTrial = { plan: "free" as const, is_monthly: false, trial_ends: "2026-10-09 09:14:00.000Z" };
/** A user who had a trial on another account: signed up with none. */
const noTrial = { plan: "free" as const, is_monthly: false, trial_ends: "" };
const paid = { ...afterTrial, plan: "paid" as const, is_monthly: true };

const stripeSub = (fields: Partial<Subscription>): Subscription => ({ ...activeSubscription, ...fields });
/** A payment the operator recorded (manual mode): no Stripe ids. */
const manualSub = (fields: Partial<Subscription>): Subscription =>
  stripeSub({ customer: "", subscription: "", ...fields });

describe("planState", () => {
  it("is the trial while it runs, with the days left rounded up", () => {
    expect(planState(inTrial, null, "stripe", now)).toEqual({
      status: "trial",
      trialEnds: inTrial.trial_ends,
      daysLeft: 4,
      verified: true,
    });
    const lastHour = new Date("2026-10-09T08:30:00.000Z");
    expect(planState(inTrial, null, "stripe", lastHour)).toMatchObject({ status: "trial", daysLeft: 1 });
  });

  it("says when the trial waits for the address to be verified", () => {
    expect(planState({ ...inTrial, verified: false }, null, "stripe", now)).toEqual({
      status: "trial",
      trialEnds: inTrial.trial_ends,
      daysLeft: 4,
      verified: false,
    });
    expect(planState({ ...inTrial, verified: true }, null, "stripe", now)).toMatchObject({ verified: true });
  });

  it("schedules a Stripe subscription taken during the trial: it starts when the trial ends", () => {
    const sub = stripeSub({ status: "trialing", interval: "year", current_period_end: inTrial.trial_ends });
    expect(planState({ ...inTrial, plan: "paid" }, sub, "stripe", now)).toEqual({
      status: "scheduled",
      interval: "year",
      startsOn: inTrial.trial_ends,
      portal: true,
    });
    expect(planState({ ...inTrial, plan: "paid" }, sub, null, now)).toMatchObject({ portal: false });
  });

  it("says a Stripe subscription renews", () => {
    expect(planState(paid, stripeSub({}), "stripe", now)).toEqual({
      status: "paid",
      interval: "month",
      periodEnd: activeSubscription.current_period_end,
      renewal: "renews",
      portal: true,
    });
  });

  it("says a manual payment is paid until its date, never in the portal, then ended", () => {
    const sub = manualSub({ interval: "year", current_period_end: "2027-10-01 23:59:59.999Z" });
    expect(planState(paid, sub, "manual", now)).toEqual({
      status: "paid",
      interval: "year",
      periodEnd: "2027-10-01 23:59:59.999Z",
      renewal: "paid-until",
      portal: false,
    });
    // Recorded in manual mode, read once Stripe is on: still the operator's record.
    expect(planState(paid, sub, "stripe", now)).toMatchObject({ renewal: "paid-until", portal: false });
    const lapsed = manualSub({ current_period_end: "2026-10-01 23:59:59.999Z" });
    expect(planState(paid, lapsed, "manual", now)).toMatchObject({ status: "ended", after: "subscription" });
  });

  it("is canceling when cancelled at the period's end, or cancelled with the period still running", () => {
    const end = activeSubscription.current_period_end;
    expect(planState(paid, stripeSub({ cancel_at_period_end: true }), "stripe", now)).toEqual({
      status: "canceling",
      interval: "month",
      endsOn: end,
      portal: true,
    });
    expect(planState(paid, stripeSub({ status: "canceled" }), "stripe", now)).toEqual({
      status: "canceling",
      interval: "month",
      endsOn: end,
      portal: true,
    });
    // Manual mode: the customer asked not to renew.
    const manual = manualSub({ cancel_at_period_end: true, current_period_end: "2027-10-01 23:59:59.999Z" });
    expect(planState(paid, manual, "manual", now)).toMatchObject({ status: "canceling", portal: false });
  });

  it("keeps access through a failed renewal until the grace's end, with the portal to fix the card", () => {
    const since = at(-2 * day);
    const sub = stripeSub({ status: "past_due", past_due_since: since });
    expect(planState(paid, sub, "stripe", now)).toEqual({
      status: "past-due",
      interval: "month",
      accessUntil: at(-2 * day + defaultGraceDays * day),
      portal: true,
    });
    // The server's grace, when it says another.
    expect(planState(paid, sub, "stripe", now, 3 * day)).toMatchObject({
      status: "past-due",
      accessUntil: at(day),
    });
  });

  it("is ended once the grace of a failed renewal is over", () => {
    const sub = stripeSub({ status: "past_due", past_due_since: at(-(defaultGraceDays + 1) * day) });
    expect(planState(afterTrial, sub, "stripe", now)).toMatchObject({
      status: "ended",
      after: "subscription",
    });
    // A shorter grace ends sooner.
    const lately = stripeSub({ status: "past_due", past_due_since: at(-2 * day) });
    expect(planState(afterTrial, lately, "stripe", now, day)).toMatchObject({ status: "ended" });
  });

  it("awaits payment while the paid plan is chosen and unpaid: instructions in manual mode", () => {
    const sub = manualSub({ status: "incomplete", interval: "year", current_period_end: "" });
    expect(planState({ ...inTrial, plan: "paid" }, sub, "manual", now)).toEqual({
      status: "awaiting-payment",
      interval: "year",
      instructions: true,
      trialEnds: inTrial.trial_ends,
    });
    expect(planState(paid, sub, "stripe", now)).toEqual({
      status: "awaiting-payment",
      interval: "year",
      instructions: false,
      trialEnds: null,
    });
  });

  it("is ended after the trial, with no subscription", () => {
    expect(planState(afterTrial, null, "stripe", now)).toEqual({
      status: "ended",
      after: "trial",
      endedOn: afterTrial.trial_ends,
    });
  });

  it("is ended after a subscription that ended", () => {
    for (const status of ["canceled", "unpaid", "incomplete_expired", "paused"] as const) {
      const sub = stripeSub({ status, current_period_end: "2026-10-01 09:20:00.000Z" });
      expect(planState(afterTrial, sub, "stripe", now)).toEqual({
        status: "ended",
        after: "subscription",
        endedOn: "2026-10-01 09:20:00.000Z",
      });
    }
  });

  it("is ended without a trial for a person who had one on another account", () => {
    expect(planState(noTrial, null, "stripe", now)).toEqual({
      status: "ended",
      after: "no-trial",
      endedOn: "",
    });
  });

  it("waits for a Stripe renewal a while past the period's end, then is ended", () => {
    const lately = at(-day);
    expect(planState(paid, stripeSub({ current_period_end: lately }), "stripe", now)).toMatchObject({
      status: "paid",
    });
    const long = at(-renewalWindowMs - day);
    for (const status of ["trialing", "active"] as const) {
      expect(planState(afterTrial, stripeSub({ status, current_period_end: long }), "stripe", now)).toEqual({
        status: "ended",
        after: "subscription",
        endedOn: long,
      });
    }
  });

  it("falls back on the trial when a subscription ended while the trial still runs", () => {
    const sub = stripeSub({ status: "canceled", current_period_end: "2026-10-04 00:00:00.000Z" });
    expect(planState(inTrial, sub, "stripe", now)).toMatchObject({ status: "trial", daysLeft: 4 });
  });

  it("leaves the portal out until the mode is known", () => {
    expect(planState(paid, stripeSub({}), null, now)).toMatchObject({ status: "paid", portal: false });
    expect(
      planState(paid, stripeSub({ status: "past_due", past_due_since: at(-day) }), "manual", now),
    ).toMatchObject({ status: "past-due", portal: false });
  });

  it("trusts the plan the server keeps when the subscription cannot be read (an admin's list)", () => {
    expect(planState(paid, null, null, now)).toMatchObject({ status: "paid", interval: "month" });
    expect(planState({ ...paid, is_monthly: false }, null, null, now)).toMatchObject({ interval: "year" });
  });
});

describe("planStatus", () => {
  it("reads the subscription a user record carries, whatever the shape of its expand", () => {
    expect(subscriptionOf(paidUser)).toEqual(activeSubscription);
    expect(subscriptionOf({ expand: { subscriptions_via_user: [activeSubscription] } })).toEqual(
      activeSubscription,
    );
    expect(subscriptionOf(trialUser)).toBeNull();
    expect(subscriptionOf({ expand: { subscriptions_via_user: [] } })).toBeNull();
  });

  it("reads the subscription the record carries", () => {
    const at = new Date(fixtureNow);
    expect(planStatus(trialUser, at)).toBe("trial");
    expect(planStatus(scheduledUser, at)).toBe("scheduled");
    expect(planStatus(paidUser, at)).toBe("paid");
    expect(
      planStatus(
        { ...paidUser, expand: { subscriptions_via_user: stripeSub({ cancel_at_period_end: true }) } },
        at,
      ),
    ).toBe("canceling");
    expect(planStatus(awaitingPaymentUser, at)).toBe("awaiting-payment");
    expect(planStatus({ ...trialUser, trial_ends: "2026-10-01 00:00:00.000Z" }, at)).toBe("ended");
    expect(planStatus(noTrialUser, at)).toBe("ended");
    expect(planStatus({ ...paidUser, expand: { subscriptions_via_user: pastDueSubscription } }, at)).toBe(
      "past-due",
    );
  });

  it("has a label, a badge and a dashboard filter for every status", () => {
    for (const status of planStatuses) {
      expect(planStatusLabels[status].id).toBeTruthy();
      expect(planStatusFilters[status]).toBeTruthy();
    }
    expect(planStatuses).toHaveLength(7);
    expect(planStatusLabels["awaiting-payment"].message).toBe("Awaiting payment");
  });
});
