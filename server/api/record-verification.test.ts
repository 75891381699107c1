import { describe, expect, it } from "vitest";
import { signJwt } from "../tools/jwt.ts";
import {
  emailFormScenarios,
  expectNoMail,
  itSendsOneMailPerWindow,
  storedUser,
  userToken,
  usersOf,
} from "../testing/account-mail.ts";
import { createTestApp, type TestApp } from "../testing/fixtures.ts";
import { readOutbox, waitForOutbox } from "../testing/outbox.ts";
import { runScenarios } from "../testing/scenario.ts";

const request = "/api/collections/users/request-verification";
const confirm = "/api/collections/users/confirm-verification";

describe("POST /api/collections/{collection}/request-verification", () => {
  runScenarios([
    ...emailFormScenarios(request),
    {
      name: "already verified: 204 and no mail",
      method: "POST",
      url: request,
      body: { email: "alice@example.com" },
      status: 204,
      after: expectNoMail,
    },
    {
      name: "unverified user: 204 and a French mail linking to /fr/verify-email",
      method: "POST",
      url: request,
      body: { email: "bob@example.com" },
      status: 204,
      after: async (t) => {
        await t.app.mailer.idle();
        const [mail, ...rest] = readOutbox(t.dataDir);
        expect(rest).toHaveLength(0);
        expect(mail!.to).toBe("bob@example.com");
        expect(mail!.subject).toBe("Confirmez votre adresse e-mail Lumen");
        expect(mail!.link).toMatch(/^http:\/\/localhost:8090\/fr\/verify-email\?token=/);
        expect(mail!.text).toContain("Bonjour Bob,");
        expect(mail!.text).toContain("lien\u00a0:");
        expect(mail!.html).toMatch(/<html [^>]*lang="fr"/);
      },
    },
    {
      name: "_superusers: all verified by default",
      method: "POST",
      url: "/api/collections/_superusers/request-verification",
      body: { email: "root@example.com" },
      status: 400,
      contains: ['"message":"All superusers are verified by default."'],
    },
    {
      name: "base collection: 404",
      method: "POST",
      url: "/api/collections/stremio/request-verification",
      body: { email: "bob@example.com" },
      status: 404,
      contains: ['"message":"Missing or invalid auth collection context."'],
    },
  ]);

  itSendsOneMailPerWindow(request, "bob@example.com");

  it("writes English mails for English users, to the site's page", async () => {
    const t = await createTestApp({ appUrl: "https://lumen.example" });
    try {
      await t.seed("users", {
        id: "carolccccccccc1",
        email: "carol@example.com",
        plan: "free",
        locale: "en",
        name: "Carol",
      });
      await t.request("POST", request, { body: { email: "carol@example.com" } });
      const [mail] = await waitForOutbox(t.dataDir);
      expect(mail!.subject).toBe("Verify your Lumen email");
      expect(mail!.link).toMatch(/^https:\/\/lumen\.example\/verify-email\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(mail!.text).toContain("Hello Carol,");
      expect(mail!.text).toContain("valid for 24 hours");
    } finally {
      await t.close();
    }
  });
});

describe("POST /api/collections/{collection}/confirm-verification", () => {
  const verificationToken = (t: TestApp, id?: string) => userToken(t, "verification", id);
  runScenarios([
    {
      name: "missing token",
      method: "POST",
      url: confirm,
      body: {},
      status: 400,
      contains: ['"token":{"code":"validation_required","message":"Cannot be blank."}'],
    },
    {
      name: "garbage token: missing email claim",
      method: "POST",
      url: confirm,
      body: { token: "garbage" },
      status: 400,
      contains: ['"token":{"code":"validation_invalid_token_claims","message":"Missing email token claim."}'],
    },
    {
      name: "forged token: invalid",
      method: "POST",
      url: confirm,
      body: {
        token: signJwt(
          {
            collectionId: "_pb_users_auth_",
            email: "bob@example.com",
            id: "bobbbbbbbbbbbbb",
            type: "verification",
          },
          "x",
          60,
        ),
      },
      status: 400,
      contains: ['"token":{"code":"validation_invalid_token","message":"Invalid or expired token."}'],
    },
    {
      name: "an auth token is not a verification token",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({ token: t.tokens.bob }),
      status: 400,
      contains: ['"token":{"code":"validation_invalid_token_claims"'],
    },
    {
      name: "valid token: 204 and verified",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({ token: verificationToken(t) }),
      status: 204,
      after: (t) => expect(storedUser(t, "bobbbbbbbbbbbbb").verified).toBe(true),
    },
    {
      name: "already verified: still 204",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => ({ token: verificationToken(t, "aliceaaaaaaaaaa") }),
      status: 204,
    },
    {
      name: "token for a changed email: mismatch",
      method: "POST",
      url: confirm,
      body: (t: TestApp) => {
        const token = verificationToken(t);
        t.app.store.update(usersOf(t), "bobbbbbbbbbbbbb", { email: "bob2@example.com" });
        return { token };
      },
      status: 400,
      contains: ['"token":{"code":"validation_token_email_mismatch"'],
    },
    {
      name: "_superusers: 400",
      method: "POST",
      url: "/api/collections/_superusers/confirm-verification",
      body: { token: "x" },
      status: 400,
      contains: ['"message":"All superusers are verified by default."'],
    },
  ]);
});
