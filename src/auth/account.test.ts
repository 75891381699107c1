import { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { verifyEmailFirstMessage } from "#shared/two-factor.ts";
import { toActionError } from "./action-error.ts";
import { signupBody } from "./account.ts";

const values = {
  name: " Camille ",
  email: " camille@example.com ",
  password: "correct horse",
  passwordConfirm: "correct horse",
  plan: "free" as const,
  billing: "monthly" as const,
  newsletter: true,
  locale: "fr" as const,
};

describe("sign-up body", () => {
  it("sends the user's fields with the privileged ones at their defaults", () => {
    const body = signupBody(values);
    expect(body).toMatchObject({
      email: "camille@example.com",
      emailVisibility: true,
      name: "Camille",
      plan: "free",
      price: "0",
      is_monthly: false,
      admin: false,
      is_api: false,
      stripe: "",
      verified: false,
      newsletter: true,
      locale: "fr",
    });
    expect(body.affiliate_code).toMatch(/^AFF-[A-Z0-9]{8}$/);
  });

  it("prices the paid plan from the site config, monthly or yearly", () => {
    expect(signupBody({ ...values, plan: "paid", billing: "monthly" })).toMatchObject({
      plan: "paid",
      price: "4.99",
      is_monthly: true,
    });
    expect(signupBody({ ...values, plan: "paid", billing: "yearly" })).toMatchObject({
      plan: "paid",
      price: "49.99",
      is_monthly: false,
    });
  });
});

describe("action errors", () => {
  const fallback = { id: "fallback", message: "Login failed" };
  const serverError = (status: number, response: object) =>
    new ClientResponseError({ url: "http://x/api", status, response });

  it("translates a wrong password and keeps field errors", () => {
    const error = toActionError(
      serverError(400, {
        status: 400,
        message: "Failed to authenticate.",
        data: { identity: { code: "validation_required", message: "Cannot be blank." } },
      }),
      fallback,
    );
    expect(error.message.message).toBe("Wrong email or password.");
    expect(error.fieldErrors.identity?.code).toBe("validation_required");
    expect(error.status).toBe(400);
  });

  it("explains network failures and rate limits", () => {
    expect(toActionError(new ClientResponseError({ status: 0 }), fallback).message.message).toMatch(
      /reach the server/,
    );
    expect(
      toActionError(serverError(429, { message: "Too Many Requests." }), fallback).message.message,
    ).toMatch(/Too many attempts/);
  });

  it("tells an account whose address is not verified yet to confirm it before adding a second factor", () => {
    const error = toActionError(
      serverError(403, { status: 403, message: verifyEmailFirstMessage, data: {} }),
      fallback,
    );
    expect(error.message.message).toBe("First confirm your email address with the link we sent you.");
  });

  it("flags aborted requests and falls back to the action's default", () => {
    const aborted = toActionError(new ClientResponseError({ isAbort: true }), fallback);
    expect(aborted.aborted).toBe(true);
    expect(toActionError(serverError(400, { message: "Something odd." }), fallback).message).toBe(fallback);
    expect(toActionError(new Error("boom"), fallback).message).toBe(fallback);
  });
});
