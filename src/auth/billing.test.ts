import type PocketBase from "pocketbase";
import { ClientResponseError, type SendOptions } from "pocketbase";
import { describe, expect, it, vi } from "vitest";
import { defaultGraceDays } from "#shared/billing.ts";
import { checkoutReturnOf, parseBillingConfig, setRenewal, withdrawRequest } from "./billing.ts";

describe("billing", () => {
  it("reads how the visitor came back from Checkout", () => {
    expect(checkoutReturnOf(new URLSearchParams("checkout=success&session_id=cs_1"))).toBe("success");
    expect(checkoutReturnOf(new URLSearchParams("checkout=canceled"))).toBe("canceled");
    expect(checkoutReturnOf(new URLSearchParams("checkout=manual"))).toBe("manual");
    expect(checkoutReturnOf(new URLSearchParams("checkout=granted"))).toBeNull();
    expect(checkoutReturnOf(new URLSearchParams(""))).toBeNull();
  });
});

describe("billing configuration", () => {
  it("reads the mode, the grace and the support address the server answers, with the defaults for what it leaves out", () => {
    expect(parseBillingConfig({ mode: "manual", graceDays: 3, supportEmail: "help@shop.test" })).toEqual({
      mode: "manual",
      graceDays: 3,
      supportEmail: "help@shop.test",
    });
    expect(parseBillingConfig({ mode: "stripe", graceDays: 0 })).toEqual({
      mode: "stripe",
      graceDays: 0,
      supportEmail: "",
    });
    expect(parseBillingConfig({ graceDays: "7", supportEmail: 3 })).toEqual({
      mode: "stripe",
      graceDays: defaultGraceDays,
      supportEmail: "",
    });
  });
});

describe("billing requests", () => {
  const pbWith = (send: (path: string, options: SendOptions) => Promise<unknown>) =>
    ({ send: vi.fn(send) }) as unknown as PocketBase & { send: ReturnType<typeof vi.fn> };

  it("withdraws the request for the paid plan with a bare POST", async () => {
    const pb = pbWith(async () => undefined);
    expect(await withdrawRequest(pb)).toEqual({ success: true, data: undefined });
    expect(pb.send).toHaveBeenCalledWith("/api/billing/withdraw-request", {
      method: "POST",
      requestKey: null,
    });
  });

  it("sends the renewal as the strings the server reads", async () => {
    const pb = pbWith(async () => undefined);
    expect((await setRenewal(pb, false)).success).toBe(true);
    expect(await setRenewal(pb, true)).toEqual({ success: true, data: undefined });
    expect(pb.send.mock.calls).toEqual([
      ["/api/billing/renewal", { method: "POST", body: { renew: "false" }, requestKey: null }],
      ["/api/billing/renewal", { method: "POST", body: { renew: "true" }, requestKey: null }],
    ]);
  });

  it("words a known refusal as the server says it, anything else as the action's failure", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const refusal = (message: string) =>
      new ClientResponseError({
        url: "http://x/api/billing/withdraw-request",
        status: 400,
        response: { status: 400, message, data: {} },
      });
    const withdrawn = await withdrawRequest(
      pbWith(async () => {
        throw refusal("There is no request for the paid plan to withdraw.");
      }),
    );
    expect(withdrawn.success).toBe(false);
    if (!withdrawn.success) {
      expect(withdrawn.error.status).toBe(400);
      expect(withdrawn.error.message.message).toBe("There is no request for the paid plan to withdraw.");
    }
    const renewal = await setRenewal(
      pbWith(async () => {
        throw refusal("Something else went wrong.");
      }),
      true,
    );
    expect(renewal.success).toBe(false);
    if (!renewal.success) {
      expect(renewal.error.message.message).toBe("We could not change your subscription. Please try again.");
    }
  });
});
