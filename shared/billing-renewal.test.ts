import { describe, expect, it } from "vitest";
import { manualRenewal, type Subscription } from "./billing.ts";

// Which manual subscriptions the operator chases: due in the next 3 days, or overdue within the
// grace; never a Stripe one, one asked not to renew, or a request not yet paid.

const now = new Date("2026-11-29T12:00:00.000Z");
const day = 24 * 60 * 60 * 1000;
const endingIn = (days: number) => new Date(now.getTime() + days * day).toISOString().replace("T", " ");

const manual = (fields: Partial<Subscription> = {}): Subscription => ({
  id: "s1",
  user: "u1",
  customer: "",
  subscription: "",
  status: "active",
  interval: "month",
  current_period_end: endingIn(2),
  cancel_at_period_end: false,
  past_due_since: "",
  ...fields,
});

describe("manualRenewal", () => {
  it.each([
    ["paid until in 2 days", manual(), "due"],
    ["paid until in exactly 3 days", manual({ current_period_end: endingIn(3) }), "due"],
    ["paid until in 3 days and a second", manual({ current_period_end: endingIn(3 + 1 / 86_400) }), null],
    ["paid until now", manual({ current_period_end: endingIn(0) }), "overdue"],
    ["paid until 6 days ago", manual({ current_period_end: endingIn(-6) }), "overdue"],
    ["paid until 7 days ago: past the grace", manual({ current_period_end: endingIn(-7) }), null],
    ["asked not to renew", manual({ cancel_at_period_end: true }), null],
    ["awaiting its first payment", manual({ status: "incomplete", current_period_end: "" }), null],
    ["a Stripe subscription", manual({ subscription: "sub_1", customer: "cus_1" }), null],
    ["no subscription", null, null],
  ])("%s", (_, subscription, expected) => {
    expect(manualRenewal(subscription, now)).toBe(expected);
  });

  it("follows the grace it is given", () => {
    const sub = manual({ current_period_end: endingIn(-9) });
    expect(manualRenewal(sub, now)).toBeNull();
    expect(manualRenewal(sub, now, 10 * day)).toBe("overdue");
  });
});
