import { describe, expect, it } from "vitest";
import { activeSubscription, awaitingPaymentUser, fixtureNow, paidUser, trialUser } from "./auth-fixtures.ts";
import { type Subscription, subscriptionGraceMs } from "#shared/billing.ts";
import {
  planState,
  planStatus,
  planStatusFilters,
  planStatusLabels,
  planStatuses,
  subscriptionOf,
} from "./plan-status.ts";

const now = new Date("2026-10-05T12:00:00.000Z");
/** A user whose trial ended on 2026-09-20. */
const afterTrial = { plan: "free" as const, is_monthly: false, trial_ends: "2026-09-20 08:00:00.000Z" };
/** A user whose trial runs until 2026-10-09 09:14 (3 days and 21 hours from `now`). */
const inTrial = { plan: "free" as const, is_monthly: false, trial_ends: "2026-10-09 09:14:00.000Z" };
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
    });
    const lastHour = new Date("2026-10-09T08:30:00.000Z");
    expect(planState(inTrial, null, "stripe", lastHour)).toMatchObject({ status: "trial", daysLeft: 1 });
  });

  it("says a Stripe subscription renews, ends when cancelled, or starts charging after its trial", () => {
    expect(planState(paid, stripeSub({}), "stripe", now)).toEqual({
      status: "paid",
      interval: "month",
      periodEnd: activeSubscription.current_period_end,
      renewal: "renews",
      portal: true,
    });
    expect(planState(paid, stripeSub({ cancel_at_period_end: true }), "stripe", now)).toMatchObject({
      status: "paid",
      renewal: "ends",
    });
    expect(
      planState(
        { ...inTrial, plan: "paid" },
        stripeSub({ status: "trialing", interval: "year" }),
        "stripe",
        now,
      ),
    ).toMatchObject({ status: "paid", interval: "year", renewal: "first-payment", portal: true });
    // Cancelled now, but paid until the period's end.
    expect(planState(paid, stripeSub({ status: "canceled" }), "stripe", now)).toMatchObject({
      status: "paid",
      renewal: "ends",
    });
  });

  it("keeps access through a failed renewal, with the portal to fix the card", () => {
    expect(planState(paid, stripeSub({ status: "past_due" }), "stripe", now)).toEqual({
      status: "past-due",
      interval: "month",
      portal: true,
    });
  });

  it("is ended when the subscription ended, or the trial did without one", () => {
    for (const status of ["canceled", "unpaid", "incomplete_expired", "paused"] as const) {
      const sub = stripeSub({ status, current_period_end: "2026-10-01 09:20:00.000Z" });
      expect(planState(afterTrial, sub, "stripe", now)).toEqual({
        status: "ended",
        after: "subscription",
        endedOn: "2026-10-01 09:20:00.000Z",
      });
    }
    expect(planState(afterTrial, null, "stripe", now)).toEqual({
      status: "ended",
      after: "trial",
      endedOn: afterTrial.trial_ends,
    });
  });

  it("is ended when a live Stripe status outlived its period end by the grace (an event that never arrived)", () => {
    const day = 24 * 3600_000;
    const ended = new Date(now.getTime() - subscriptionGraceMs - day);
    const periodEnd = ended.toISOString().replace("T", " ");
    for (const status of ["trialing", "active", "past_due"] as const) {
      expect(
        planState(afterTrial, stripeSub({ status, current_period_end: periodEnd }), "stripe", now),
      ).toEqual({
        status: "ended",
        after: "subscription",
        endedOn: periodEnd,
      });
    }
    // Within the grace, the renewal may still be on its way.
    const lately = new Date(now.getTime() - day).toISOString().replace("T", " ");
    expect(planState(paid, stripeSub({ current_period_end: lately }), "stripe", now)).toMatchObject({
      status: "paid",
    });
  });

  it("falls back on the trial when a subscription ended while the trial still runs", () => {
    const sub = stripeSub({ status: "canceled", current_period_end: "2026-10-04 00:00:00.000Z" });
    expect(planState(inTrial, sub, "stripe", now)).toMatchObject({ status: "trial", daysLeft: 4 });
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

  it("leaves the portal out until the mode is known", () => {
    expect(planState(paid, stripeSub({}), null, now)).toMatchObject({ status: "paid", portal: false });
    expect(planState(paid, stripeSub({ status: "past_due" }), "manual", now)).toMatchObject({
      portal: false,
    });
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
    expect(planStatus(paidUser, at)).toBe("paid");
    expect(planStatus(awaitingPaymentUser, at)).toBe("awaiting-payment");
    expect(planStatus({ ...trialUser, trial_ends: "2026-10-01 00:00:00.000Z" }, at)).toBe("ended");
    expect(
      planStatus({ ...paidUser, expand: { subscriptions_via_user: stripeSub({ status: "past_due" }) } }, at),
    ).toBe("past-due");
  });

  it("has a label, a badge and a dashboard filter for every status", () => {
    for (const status of planStatuses) {
      expect(planStatusLabels[status].id).toBeTruthy();
      expect(planStatusFilters[status]).toBeTruthy();
    }
    expect(planStatusLabels["awaiting-payment"].message).toBe("Paid (awaiting payment)");
  });
});
