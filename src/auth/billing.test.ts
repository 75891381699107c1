import { describe, expect, it } from "vitest";
import { activeSubscription, paidUser, trialUser } from "./auth-fixtures.ts";
import { checkoutReturnOf, subscriptionOf } from "./billing.ts";

describe("billing", () => {
  it("reads the subscription a user record carries, whatever the shape of its expand", () => {
    expect(subscriptionOf(paidUser)).toEqual(activeSubscription);
    expect(subscriptionOf({ expand: { subscriptions_via_user: [activeSubscription] } })).toEqual(
      activeSubscription,
    );
    expect(subscriptionOf(trialUser)).toBeNull();
    expect(subscriptionOf({ expand: { subscriptions_via_user: [] } })).toBeNull();
  });

  it("reads how the visitor came back from Checkout", () => {
    expect(checkoutReturnOf(new URLSearchParams("checkout=success&session_id=cs_1"))).toBe("success");
    expect(checkoutReturnOf(new URLSearchParams("checkout=canceled"))).toBe("canceled");
    expect(checkoutReturnOf(new URLSearchParams("checkout=manual"))).toBe("manual");
    expect(checkoutReturnOf(new URLSearchParams("checkout=granted"))).toBeNull();
    expect(checkoutReturnOf(new URLSearchParams(""))).toBeNull();
  });
});
