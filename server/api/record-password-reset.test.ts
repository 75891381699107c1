import { describe, expect, it } from "vitest";
import { findAuthRecordByToken } from "../core/auth.ts";
import { verifyPassword } from "../core/passwords.ts";
import {
  emailFormScenarios,
  itSendsOneMailPerWindow,
  storedUser,
  userToken,
} from "../testing/account-mail.ts";
import { createTestApp, type TestApp } from "../testing/fixtures.ts";
import { waitForOutbox } from "../testing/outbox.ts";
import { runScenarios } from "../testing/scenario.ts";

const request = "/api/collections/users/request-password-reset";
const confirm = "/api/collections/users/confirm-password-reset";
const resetToken = (t: TestApp, id?: string) => userToken(t, "passwordReset", id);

describe("POST /api/collections/{collection}/request-password-reset", () => {
  runScenarios([
    ...emailFormScenarios(request),
    {
      name: "known email: 204 and a mail to /reset-password",
      method: "POST",
      url: request,
      body: { email: "alice@example.com" },
      status: 204,
      after: async (t) => {
        const [mail] = await waitForOutbox(t.dataDir);
        expect(mail!.subject).toBe("Reset your Lumen password");
        expect(mail!.link).toMatch(/^http:\/\/localhost:8090\/reset-password\?token=/);
        expect(mail!.text).toContain("valid for 30 minutes");
        expect(findAuthRecordByToken(t.app.store, mail!.token, "passwordReset")?.record.id).toBe(
          "aliceaaaaaaaaaa",
        );
      },
    },
    {
      name: "French users get /fr/reset-password",
      method: "POST",
      url: request,
      body: { email: "bob@example.com" },
      status: 204,
      after: async (t) => {
        const [mail] = await waitForOutbox(t.dataDir);
        expect(mail!.subject).toBe("Réinitialisez votre mot de passe Lumen");
        expect(mail!.link).toContain("/fr/reset-password?token=");
        expect(mail!.text).toContain("30\u00a0minutes");
      },
    },
  ]);

  itSendsOneMailPerWindow(request, "alice@example.com", 2);
});

describe("POST /api/collections/{collection}/confirm-password-reset", () => {
  runScenarios([
    {
      name: "everything missing",
      method: "POST",
      url: confirm,
      body: {},
      status: 400,
      contains: [
        '"token":{"code":"validation_required"',
        '"password":{"code":"validation_required"',
        '"passwordConfirm":{"code":"validation_required"',
      ],
    },
    {
      name: "invalid token",
      method: "POST",
      url: confirm,
      body: { token: "nope", password: "new password", passwordConfirm: "new password" },
      status: 400,
      contains: ['"token":{"code":"validation_invalid_token","message":"Invalid or expired token."}'],
    },
    {
      name: "mismatching confirmation",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({ token: resetToken(t), password: "new password", passwordConfirm: "other" }),
      status: 400,
      contains: ['"passwordConfirm":{"code":"validation_values_mismatch"'],
    },
    {
      name: "too short",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({ token: resetToken(t), password: "short", passwordConfirm: "short" }),
      status: 400,
      contains: [
        '"password":{"code":"validation_length_out_of_range","message":"The length must be between 8 and 255."',
      ],
    },
    {
      name: "over 71 characters: refused by the password field",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({
        token: resetToken(t),
        password: "y".repeat(80),
        passwordConfirm: "y".repeat(80),
      }),
      status: 400,
      contains: [
        '{"data":{"password":{"code":"validation_max_text_constraint"',
        '"message":"Failed to set new password."',
      ],
    },
    {
      name: "valid: 204, new password works, old tokens die, unverified email becomes verified",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({
        token: resetToken(t),
        password: "brand new pass",
        passwordConfirm: "brand new pass",
      }),
      status: 204,
      after: async (t) => {
        const bob = storedUser(t, "bobbbbbbbbbbbbb");
        expect(await verifyPassword("brand new pass", String(bob.password))).toBe(true);
        expect(bob.verified).toBe(true);
        expect(findAuthRecordByToken(t.app.store, t.tokens.bob, "auth")).toBeUndefined();
      },
    },
  ]);

  it("a reset token works once", async () => {
    const t = await createTestApp();
    try {
      const token = resetToken(t);
      const body = { token, password: "brand new pass", passwordConfirm: "brand new pass" };
      expect((await t.request("POST", confirm, { body })).status).toBe(204);
      const again = await t.request("POST", confirm, { body });
      expect(again.status).toBe(400);
      expect(again.text).toContain("validation_invalid_token");
    } finally {
      await t.close();
    }
  });
});
