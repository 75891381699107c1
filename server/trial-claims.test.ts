import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimExistingTrials, isTrialClaimed, normalizeAddress } from "./core/billing/trial-claims.ts";
import { createTestApp } from "./testing/fixtures.ts";
import { fixturePassword as password } from "./testing/fixtures.ts";
import { mailArrives } from "./testing/outbox.ts";
import { signedUpUser, type SignedUpUser } from "./testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "./testing/start-server.ts";

// One free trial per person, against the real server over a real port with the official SDK: the
// trial streams once the address is verified (by the emailed link), is claimed then, and a second
// account of the same person (deleted and made again, or an alias) starts without one.

describe("normalizeAddress", () => {
  it.each([
    ["Zoe@Example.com", "zoe@example.com"],
    ["zoe+lumen@example.com", "zoe@example.com"],
    ["z.o.e+1@gmail.com", "zoe@gmail.com"],
    ["Z.OE@googlemail.com", "zoe@gmail.com"],
    // Dots mean something outside Gmail.
    ["z.oe@example.com", "z.oe@example.com"],
    ["+tag@example.com", "+tag@example.com"],
  ])("%s is %s", (email, normalized) => {
    expect(normalizeAddress(email)).toBe(normalized);
  });
});

describe("claimExistingTrials", () => {
  it("claims, once, the trial of every verified account that had one before claims were kept", async () => {
    const t = await createTestApp();
    try {
      const { store } = t.app;
      const { alice } = t.users;
      // The fixture's accounts were written straight to the store, after the key was made.
      store.run({ sql: `DELETE FROM "_billing_secrets"`, params: [] });
      claimExistingTrials(store);
      expect(isTrialClaimed(store, "ALICE+again@example.com", "another-account")).toBe(true);
      expect(isTrialClaimed(store, "alice@example.com", String(alice.id))).toBe(false);
      // Bob is not verified: nothing to claim.
      expect(isTrialClaimed(store, "bob@example.com", "another-account")).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe("one trial per person", () => {
  let server: TestServer;
  let root: PocketBase;
  beforeAll(async () => {
    ({ server, root } = await startServerAsRoot());
  });
  afterAll(() => server.close());

  const stremioField = async (user: SignedUpUser) =>
    (await user.pb.collection("stremio").getFirstListItem(`user = "${user.id}"`)).field as string;

  /** Follows the verification link emailed at sign-up, as the visitor does. */
  async function verify(user: SignedUpUser) {
    const mail = await mailArrives(server.dataDir, user.email, /Verify|Vérifiez/);
    expect(await user.pb.collection("users").confirmVerification(mail.token)).toBe(true);
    await user.pb.collection("users").authRefresh();
  }

  it("the trial streams once the address is verified; an account made again after deletion has none", async () => {
    const first = await signedUpUser(server.url, "Zoe.Trial@gmail.com");
    const record = await first.pb.collection("users").getOne(first.id);
    expect(record.trial_ends).not.toBe("");
    // An address nobody has read yet gets the trial's dates but no streaming.
    expect(await stremioField(first)).toBe("inactive");
    await verify(first);
    expect(await stremioField(first)).toBe("active");

    await first.pb.send("/api/account/delete", { method: "POST", body: { password } });

    // The same person, the same inbox: another case, dots and a tag.
    const again = await signedUpUser(server.url, "zoetrial+again@googlemail.com");
    const user = await again.pb.collection("users").getOne(again.id);
    expect(user.trial_ends).toBe("");
    expect(user.plan).toBe("free");
    await verify(again);
    expect(await stremioField(again)).toBe("inactive");
    // The paid plan is what it can choose: Checkout (manual mode here) is open to it.
    const { url } = await again.pb.send<{ url: string }>("/api/billing/checkout", {
      method: "POST",
      body: { interval: "month" },
    });
    expect(new URL(url).searchParams.get("checkout")).toBe("manual");
  });

  it("two aliases signed up unverified: the first verified keeps the trial, the second loses it", async () => {
    const a = await signedUpUser(server.url, "max@example.com");
    const b = await signedUpUser(server.url, "Max+second@example.com");
    // Neither is verified: both show a trial, neither streams, nothing is claimed yet.
    for (const user of [a, b]) {
      expect((await user.pb.collection("users").getOne(user.id)).trial_ends).not.toBe("");
      expect(await stremioField(user)).toBe("inactive");
    }
    await verify(b);
    expect(await stremioField(b)).toBe("active");
    await verify(a);
    expect((await a.pb.collection("users").getOne(a.id)).trial_ends).toBe("");
    expect(await stremioField(a)).toBe("inactive");
    expect(await stremioField(b)).toBe("active");
  });

  it("an address someone else signs up with, never verified, leaves its owner's trial alone", async () => {
    await signedUpUser(server.url, "owner+squat@example.com");
    const owner = await signedUpUser(server.url, "owner@example.com");
    await verify(owner);
    expect(await stremioField(owner)).toBe("active");
  });

  it("keeps no address: a keyed hash per person, and the operator's records API cannot read it", async () => {
    const rows = server.app.store.all({ sql: `SELECT "hash", "user" FROM "_trial_claims"`, params: [] });
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(String(row.hash)).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain("@");
    }
    const refused = await root
      .send("/api/collections/_trial_claims/records", {})
      .catch((error: { status: number }) => error.status);
    expect(refused).toBe(404);
  });
});
