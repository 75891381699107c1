import { describe, expect } from "vitest";
import { findAuthRecordByToken } from "../core/auth.ts";
import { storedUser, userToken } from "../testing/account-mail.ts";
import { fixturePassword, type TestApp } from "../testing/fixtures.ts";
import { readOutbox } from "../testing/outbox.ts";
import { runScenarios } from "../testing/scenario.ts";

const request = "/api/collections/users/request-email-change";
const confirm = "/api/collections/users/confirm-email-change";
const changeToken = (t: TestApp, newEmail = "bob.new@example.com") =>
  userToken(t, "emailChange", "bobbbbbbbbbbbbb", { newEmail });

describe("POST /api/collections/{collection}/request-email-change", () => {
  runScenarios([
    {
      name: "guest: 401",
      method: "POST",
      url: request,
      body: { newEmail: "x@example.com" },
      status: 401,
      contains: ['"message":"The request requires valid record authorization token."'],
    },
    {
      name: "superuser token on users: 403",
      method: "POST",
      url: request,
      token: "superuser",
      body: { newEmail: "x@example.com" },
      status: 403,
      contains: ['"message":"The request requires auth record from _superusers collection."'],
    },
    {
      name: "same email: not in list",
      method: "POST",
      url: request,
      token: "bob",
      body: { newEmail: "bob@example.com" },
      status: 400,
      contains: ['"newEmail":{"code":"validation_not_in_invalid","message":"Must not be in list."}'],
    },
    {
      name: "taken email: invalid new email",
      method: "POST",
      url: request,
      token: "bob",
      body: { newEmail: "alice@example.com" },
      status: 400,
      contains: ['"newEmail":{"code":"validation_invalid_new_email","message":"Invalid new email address."}'],
    },
    {
      name: "valid: 204 and a mail to the new address",
      method: "POST",
      url: request,
      token: "bob",
      body: { newEmail: "bob.new@example.com" },
      status: 204,
      after: (t) => {
        const [mail] = readOutbox(t.dataDir);
        expect(mail!.to).toBe("bob.new@example.com");
        expect(mail!.subject).toBe("Confirmez votre nouvelle adresse e-mail Lumen");
        expect(mail!.link).toContain("/fr/confirm-email-change?token=");
        expect(mail!.text).toContain("«\u00a0bob.new@example.com\u00a0»");
        expect(storedUser(t, "bobbbbbbbbbbbbb").email).toBe("bob@example.com");
      },
    },
  ]);
});

describe("POST /api/collections/{collection}/confirm-email-change", () => {
  runScenarios([
    {
      name: "missing fields",
      method: "POST",
      url: confirm,
      body: {},
      status: 400,
      contains: ['"token":{"code":"validation_required"', '"password":{"code":"validation_required"'],
    },
    {
      name: "token without newEmail",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({ token: t.tokens.bob, password: fixturePassword }),
      status: 400,
      contains: ['"token":{"code":"validation_invalid_token_payload"'],
    },
    {
      name: "wrong password",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({ token: changeToken(t), password: "wrong" }),
      status: 400,
      contains: [
        '"password":{"code":"validation_invalid_password","message":"Missing or invalid auth record password."}',
      ],
    },
    {
      name: "new email taken meanwhile",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({ token: changeToken(t, "alice@example.com"), password: fixturePassword }),
      status: 400,
      contains: ['"token":{"code":"validation_invalid_token_email"'],
    },
    {
      name: "valid: 204, email changed and verified, old tokens invalid",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({ token: changeToken(t), password: fixturePassword }),
      status: 204,
      after: (t) => {
        const bob = storedUser(t, "bobbbbbbbbbbbbb");
        expect(bob.email).toBe("bob.new@example.com");
        expect(bob.verified).toBe(true);
        expect(findAuthRecordByToken(t.app.store, t.tokens.bob, "auth")).toBeUndefined();
      },
    },
  ]);
});
