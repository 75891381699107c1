import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuperuserCommand } from "../cli.ts";
import { Store } from "../core/store.ts";
import { tokenTypes } from "../core/schema.ts";
import { createTestApp, fixtureRoot, type TestApp } from "../testing/fixtures.ts";
import { rejection } from "../testing/sdk.ts";
import { spawnServer } from "../testing/start-server.ts";
import { parseSender, readOnlyMessage } from "./settings.ts";

// `GET /api/settings`: the running configuration in PocketBase's settings shape, for superusers
// only, never with a secret in it; `PATCH` is refused because the environment is the source.

const smtpPass = "Sm7p-Pa55-never-shown";
const env = {
  APP_NAME: "Lumen Test",
  APP_URL: "https://lumen.example",
  MAIL_FROM: '"Lumen Team" <hello@lumen.example>',
  // Nothing listens there, and nothing is sent: no request here sends mail.
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: "2465",
  SMTP_SECURE: "1",
  SMTP_USER: "mailer",
  SMTP_PASS: smtpPass,
  BODY_LIMIT: "65536",
  CORS_ORIGINS: "https://a.example, https://b.example",
  TRUST_PROXY: "1",
  BACKUPS_CRON: "0 3 * * *",
  BACKUPS_KEEP: "4",
  LOGS_MAX_DAYS: "9",
  RATE_LIMIT: "on",
  RATE_LIMIT_RULES: "*:auth=50/3,/api/=300/10,*:create@guest=10/60",
  SHUTDOWN_TIMEOUT: "3",
  // A production server that sells: the seller set in part, the host and the mediator not at all.
  NODE_ENV: "production",
  SELLER_NAME: "Lumen SAS",
  SELLER_LEGAL_FORM: "SAS au capital de 1 000 €",
  SELLER_ADDRESS: "12 rue de la Paix, 75002 Paris",
  SELLER_REGISTRATION: "RCS Paris 912 345 678",
  SELLER_DIRECTOR: "Zoé Martin",
  SUPPORT_EMAIL: "help@lumen.example",
};

describe("GET /api/settings on `node server/main.ts` configured by environment", () => {
  let dataDir: string;
  let child: ChildProcess;
  let url: string;
  let root: PocketBase;
  let output: () => string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(fixtureRoot, "settings-"));
    await runSuperuserCommand(dataDir, ["upsert", "root@lumen.example", "super secret 1"]);
    ({ child, url, output } = await spawnServer(dataDir, env));
    root = new PocketBase(url);
    await root.collection("_superusers").authWithPassword("root@lumen.example", "super secret 1");
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers the running configuration in PocketBase's shape (SDK `pb.settings.getAll()`)", async () => {
    expect(await root.settings.getAll()).toEqual({
      meta: {
        appName: "Lumen Test",
        appURL: "https://lumen.example",
        senderName: "Lumen Team",
        senderAddress: "hello@lumen.example",
      },
      smtp: {
        enabled: true,
        host: "127.0.0.1",
        port: 2465,
        username: "mailer",
        tls: true,
        authMethod: "PLAIN",
      },
      backups: { cron: "0 3 * * *", cronMaxKeep: 4 },
      logs: { maxDays: 9, minLevel: 0, logIP: true, logAuthId: true },
      rateLimits: {
        enabled: true,
        rules: [
          { label: "*:auth", maxRequests: 50, duration: 3, audience: "" },
          { label: "/api/", maxRequests: 300, duration: 10, audience: "" },
          { label: "*:create", maxRequests: 10, duration: 60, audience: "@guest" },
        ],
      },
      batch: { enabled: false, maxRequests: 0, timeout: 0, maxBodySize: 0 },
      trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: false },
      bodyLimit: 65536,
      mailMode: "smtp",
      corsOrigins: ["https://a.example", "https://b.example"],
      shutdownTimeout: 3,
    });
  });

  it("never contains a secret: SMTP password, token secrets, token keys, password hashes", async () => {
    const res = await fetch(`${url}/api/settings?fields=*`, {
      headers: { authorization: root.authStore.token },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(smtpPass);
    expect(text.toLowerCase()).not.toMatch(/pass(word)?"|secret|tokenkey/);

    const secrets: string[] = [];
    const store = Store.open(dataDir);
    try {
      for (const collection of store.collections()) {
        if (collection.type !== "auth") continue;
        for (const type of tokenTypes) secrets.push(store.secret(collection, type));
        for (const record of store.find(collection)) {
          secrets.push(String(record.tokenKey), String(record.password));
        }
      }
    } finally {
      store.close();
    }
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(text).not.toContain(secret);
    }
  });

  it("GET /api/settings/seller: the seller as configured, and what a seller still has to set", async () => {
    const seller = await root.send("/api/settings/seller", {});
    expect(seller).toMatchObject({
      seller: {
        name: "Lumen SAS",
        legalForm: "SAS au capital de 1 000 €",
        address: "12 rue de la Paix, 75002 Paris",
        registration: "RCS Paris 912 345 678",
        vatNumber: "",
        director: "Zoé Martin",
        supportEmail: "help@lumen.example",
      },
      host: { name: "", address: "", phone: "" },
      mediator: { name: "", address: "", url: "" },
    });
    expect(seller.missing.map(({ variable }: { variable: string }) => variable)).toEqual([
      "HOST_NAME",
      "HOST_ADDRESS",
      "HOST_PHONE",
      "MEDIATOR_NAME",
      "MEDIATOR_ADDRESS",
      "MEDIATOR_URL",
    ]);
  });

  it("in production, the start names each missing detail once, with what goes without it", () => {
    const warnings = output()
      .split("\n")
      .filter((line) => / is not set: /.test(line));
    expect(warnings).toHaveLength(6);
    expect(warnings).toContainEqual(
      expect.stringContaining("MEDIATOR_NAME is not set: the terms of sale name no consumer mediator"),
    );
    expect(output()).not.toMatch(/SELLER_ADDRESS is not set/);
    // Manual mode: the payment instructions as shipped would have customers pay into no one's account.
    expect(output()).toContain(
      "content/en/payment-instructions.md shows the example IBAN: write the account customers pay into",
    );
    expect(output()).toContain("content/fr/payment-instructions.md shows the example IBAN");
  });

  it("PATCH is refused with a 400 saying where settings come from; nothing changes", async () => {
    const error = await rejection(root.settings.update({ meta: { appName: "Changed" } }));
    expect(error.status).toBe(400);
    expect(error.response).toEqual({ data: {}, message: readOnlyMessage, status: 400 });
    expect((await root.settings.getAll()).meta.appName).toBe("Lumen Test");
  });
});

describe("GET /api/settings access and defaults", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forbidden = {
    data: {},
    message: "The authorized record is not allowed to perform this action.",
    status: 403,
  };
  const unauthorized = {
    data: {},
    message: "The request requires valid record authorization token.",
    status: 401,
  };

  it("guests 401, users (an `admin` user too) 403, as the other superuser-only endpoints", async () => {
    for (const method of ["GET", "PATCH"]) {
      const guest = await t.request(method, "/api/settings", { body: method === "PATCH" ? {} : undefined });
      expect([guest.status, guest.json]).toEqual([401, unauthorized]);
      for (const token of [t.tokens.alice, t.tokens.admin]) {
        const user = await t.request(method, "/api/settings", {
          token,
          body: method === "PATCH" ? {} : undefined,
        });
        expect([user.status, user.json]).toEqual([403, forbidden]);
      }
    }
    const logs = await t.request("GET", "/api/logs", { token: t.tokens.alice });
    expect(logs.json.message).toBe(forbidden.message);
  });

  it("GET /api/settings/seller: guests 401, users 403; without configuration, every detail is missing", async () => {
    const guest = await t.request("GET", "/api/settings/seller");
    expect([guest.status, guest.json]).toEqual([401, unauthorized]);
    const user = await t.request("GET", "/api/settings/seller", { token: t.tokens.alice });
    expect([user.status, user.json]).toEqual([403, forbidden]);
    const res = await t.request("GET", "/api/settings/seller", { token: t.tokens.superuser });
    expect(res.status).toBe(200);
    expect(res.json.seller.name).toBe("");
    expect(res.json.missing.map(({ variable }: { variable: string }) => variable)).toContain(
      "SELLER_ADDRESS",
    );
  });

  it("PATCH as a superuser: 400 read-only", async () => {
    const res = await t.request("PATCH", "/api/settings", {
      token: t.tokens.superuser,
      body: { logs: { maxDays: 1 } },
    });
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      JSON.stringify({
        data: {},
        message: "Settings are read-only on this server; set them with environment variables.",
        status: 400,
      }),
    );
  });

  it("without the environment: defaults, mail to the outbox, no SMTP", async () => {
    const res = await t.request("GET", "/api/settings", { token: t.tokens.superuser });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      meta: { appURL: "http://localhost:8090", senderAddress: expect.stringMatching(/^no-reply@/) },
      smtp: { enabled: false, host: "", port: 0, username: "", tls: false, authMethod: "" },
      backups: { cron: "", cronMaxKeep: 7 },
      logs: { maxDays: 5 },
      // The fixture turns rate limits off.
      rateLimits: { enabled: false, rules: [] },
      trustedProxy: { headers: [], useLeftmostIP: false },
      bodyLimit: 1024 * 1024,
      mailMode: "outbox",
      corsOrigins: ["*"],
      shutdownTimeout: 10,
    });
    expect(res.json.meta.senderName).toBe(res.json.meta.appName);
  });

  it("`fields` picks keys like every JSON answer", async () => {
    const res = await t.request("GET", "/api/settings?fields=mailMode,smtp.enabled", {
      token: t.tokens.superuser,
    });
    expect(res.json).toEqual({ mailMode: "outbox", smtp: { enabled: false } });
  });
});

describe("parseSender", () => {
  it("reads MAIL_FROM's forms", () => {
    expect(parseSender("Lumen <no-reply@lumen.example>")).toEqual({
      name: "Lumen",
      address: "no-reply@lumen.example",
    });
    expect(parseSender('"Lumen, Inc." <a@b.example>')).toEqual({
      name: "Lumen, Inc.",
      address: "a@b.example",
    });
    expect(parseSender("<a@b.example>")).toEqual({ name: "", address: "a@b.example" });
    expect(parseSender(" a@b.example ")).toEqual({ name: "", address: "a@b.example" });
  });
});
