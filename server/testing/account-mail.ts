import { expect, it } from "vitest";
import { newRecordToken } from "../core/auth.ts";
import type { RecordData } from "../core/store.ts";
import { createTestApp, type TestApp } from "./fixtures.ts";
import { readOutbox } from "./outbox.ts";
import type { Scenario } from "./scenario.ts";

// Shared by the tests of the endpoints that mail a link (request-verification, request-password-reset)
// and of those that take its token back.

/** The fixture app's `users` collection. */
export const usersOf = (t: TestApp) => t.app.store.findCollection("users")!;

/** A user as stored now (hidden fields included). */
export const storedUser = (t: TestApp, id: string): RecordData => t.app.store.findById(usersOf(t), id)!;

/** A fresh token of `type` for a fixture user (bob by default). */
export const userToken = (
  t: TestApp,
  type: "verification" | "passwordReset" | "emailChange",
  id = "bobbbbbbbbbbbbb",
  claims: Record<string, unknown> = {},
) => newRecordToken(t.app.store, usersOf(t), storedUser(t, id), type, claims);

/** Waits until the mail queue is idle, then checks that nothing was sent. */
export async function expectNoMail(t: TestApp) {
  await t.app.mailer.idle();
  expect(readOutbox(t.dataDir)).toHaveLength(0);
}

/**
 * The scenarios every `{ email }` request endpoint shares: the email form's errors, and the 204
 * without a mail for an unknown address (the answer never reveals whether an account exists).
 */
export function emailFormScenarios(url: string): Scenario[] {
  return [
    {
      name: "missing email",
      method: "POST",
      url,
      body: {},
      status: 400,
      contains: [
        '{"data":{"email":{"code":"validation_required","message":"Cannot be blank."}},"message":"An error occurred while validating the submitted data.","status":400}',
      ],
    },
    {
      name: "invalid email",
      method: "POST",
      url,
      body: { email: "nope" },
      status: 400,
      contains: ['"email":{"code":"validation_is_email","message":"Must be a valid email address."}'],
    },
    {
      name: "malformed body",
      method: "POST",
      url,
      body: "{",
      status: 400,
      contains: ['"message":"An error occurred while loading the submitted data."'],
    },
    {
      name: "unknown email: 204 and no mail",
      method: "POST",
      url,
      body: { email: "nobody@example.com" },
      status: 204,
      after: expectNoMail,
    },
  ];
}

/** Registers a test: asking `times` times for the same user sends one mail (the 2-minute guard). */
export function itSendsOneMailPerWindow(url: string, email: string, times = 3) {
  it("sends at most one mail per 2 minutes and per user", async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < times; i++) {
        expect((await t.request("POST", url, { body: { email } })).status).toBe(204);
      }
      await t.app.mailer.idle();
      expect(readOutbox(t.dataDir)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
}
