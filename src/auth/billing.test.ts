import { describe, expect, it } from "vitest";
import { checkoutReturnOf } from "./billing.ts";

describe("billing", () => {
  it("reads how the visitor came back from Checkout", () => {
    expect(checkoutReturnOf(new URLSearchParams("checkout=success&session_id=cs_1"))).toBe("success");
    expect(checkoutReturnOf(new URLSearchParams("checkout=canceled"))).toBe("canceled");
    expect(checkoutReturnOf(new URLSearchParams("checkout=manual"))).toBe("manual");
    expect(checkoutReturnOf(new URLSearchParams("checkout=granted"))).toBeNull();
    expect(checkoutReturnOf(new URLSearchParams(""))).toBeNull();
  });
});
