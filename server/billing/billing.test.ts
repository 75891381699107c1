import PocketBase from "pocketbase";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "../core/values.ts";
import { fixturePassword as password } from "../testing/fixtures.ts";
import { mailArrives as outboxMailArrives, mailsTo as outboxMailsTo } from "../testing/outbox.ts";
import { pollUntil } from "../testing/poll.ts";
import { rejection, signedUpUser, type SignedUpUser } from "../testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "../testing/start-server.ts";
import { startStripeDouble, type StripeDouble } from "../testing/stripe-double.ts";

// The billing lifecycle against the real server over a real port and the Stripe test double,
// which the official SDK drives in both directions (API calls, signed webhooks).

const webhookSecret = "whsec_billing_test";
const stripeConfig = (apiBase: string) => ({
  secretKey: "sk_test_lumen",
  webhookSecret,
  prices: { month: "price_monthly_test", year: "price_yearly_test" },
  apiBase,
});

const signUp = (server: TestServer, email: string, fields: Record<string, unknown> = {}) =>
  signedUpUser(server.url, email, fields);

const send = (pb: PocketBase, path: string, body: unknown = {}) =>
  pb.send<{ url: string }>(path, { method: "POST", body });

async function subscriptionOf(p: SignedUpUser) {
  return p.pb.collection("subscriptions").getFirstListItem(`user = "${p.id}"`);
}

async function stremioField(p: SignedUpUser) {
  return (await p.pb.collection("stremio").getFirstListItem(`user = "${p.id}"`)).field as string;
}

/** Pays on the double's hosted checkout page, as a browser submits it; returns where it lands. */
async function pay(url: string): Promise<URL> {
  const res = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!);
}

const mailsTo = (server: TestServer, email: string) => outboxMailsTo(server.dataDir, email);

/** Waits for a mail to `email` whose subject matches (mail leaves after the answer). */
const mailArrives = (server: TestServer, email: string, subject: RegExp) =>
  outboxMailArrives(server.dataDir, email, subject);

describe("billing with Stripe", () => {
  let double: StripeDouble;
  let server: TestServer;
  let root: PocketBase;
  let stripe: Stripe;

  beforeAll(async () => {
    double = await startStripeDouble({ retryDelaysMs: [50, 100] });
    ({ server, root } = await startServerAsRoot({ stripe: stripeConfig(double.url) }));
    double.setWebhook({ url: `${server.url}/api/billing/webhook`, secret: webhookSecret });
    const url = new URL(double.url);
    stripe = new Stripe("sk_test_lumen", { host: url.hostname, port: Number(url.port), protocol: "http" });
  });
  afterAll(async () => {
    await server.close();
    await double.close();
  });

  it("says it runs with Stripe", async () => {
    expect(await new PocketBase(server.url).send("/api/billing/config", {})).toEqual({ mode: "stripe" });
  });

  it("a trial user upgrades: Checkout keeps the trial, the webhooks make the subscription, access follows", async () => {
    const user = await signUp(server, "upgrade@example.com", { locale: "fr" });
    expect(await stremioField(user)).toBe("active");
    const { url } = await send(user.pb, "/api/billing/checkout", { interval: "month" });
    const session = Object.values(double.state.checkout_sessions).at(-1)!;
    expect(session.client_reference_id).toBe(user.id);
    expect(session.locale).toBe("fr");
    expect(session.success_url).toMatch(
      /\/fr\/account\?checkout=success&session_id=\{CHECKOUT_SESSION_ID\}$/,
    );
    expect(session.cancel_url).toMatch(/\/fr\/account\?checkout=canceled$/);
    const landed = await pay(url);
    expect(landed.pathname).toBe("/fr/account");
    expect(landed.searchParams.get("checkout")).toBe("success");
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ status: "trialing", interval: "month", cancel_at_period_end: false });
    // More than 48 hours of trial were left: Stripe starts charging when the trial ends.
    const trialEnds = new Date(
      String((await user.pb.collection("users").getOne(user.id)).trial_ends).replace(" ", "T"),
    );
    expect(double.state.subscriptions[sub.subscription]!.trial_end).toBe(
      Math.floor(trialEnds.getTime() / 1000),
    );
    expect(sub.customer).toMatch(/^cus_/);
    const record = await user.pb.collection("users").getOne(user.id);
    expect(record).toMatchObject({ plan: "paid", is_monthly: true, price: 4.99, stripe: sub.customer });
    await mailArrives(server, user.email, /abonnement .* est actif/i);

    // An active subscription cannot be bought twice.
    const again = await rejection(send(user.pb, "/api/billing/checkout", { interval: "year" }));
    expect(again.status).toBe(400);
    expect(again.response.message).toBe("You already have a subscription.");

    // Nor recorded by hand over Stripe's: the operator's record would lose Stripe's id.
    const byHand = await rejection(
      root.send("/api/billing/mark-paid", {
        method: "POST",
        body: { user: user.id, until: "2099-01-01", interval: "year" },
      }),
    );
    expect(byHand.status).toBe(400);
    expect(byHand.response.message).toBe(
      "This user pays through Stripe: their subscription is managed there.",
    );
    expect(await subscriptionOf(user)).toMatchObject({ subscription: sub.subscription, interval: "month" });
  });

  it("a subscriber deletes their account: the subscription is canceled at Stripe first, then everything goes", async () => {
    const user = await signUp(server, "leaving@example.com", { locale: "fr", name: "Léa" });
    const { url } = await send(user.pb, "/api/billing/checkout", { interval: "year" });
    await pay(url);
    const sub = await subscriptionOf(user);
    expect(double.state.subscriptions[sub.subscription]!.status).toBe("trialing");

    await user.pb.send("/api/account/delete", { method: "POST", body: { password } });
    expect(double.state.subscriptions[sub.subscription]!.status).toBe("canceled");
    // Stripe's "deleted" event, for a user who is gone, is taken at once (a 2xx, not retried).
    const deleted = await pollUntil(
      () => double.state.events.find((e) => e.type === "customer.subscription.deleted"),
      (event) => event?.status === "delivered",
      (event) => `the deleted event was ${event?.status ?? "not sent"}`,
    );
    expect(deleted!.attempts).toHaveLength(1);
    const gone = await rejection(root.collection("users").getOne(user.id));
    expect(gone.status).toBe(404);
    expect(await root.collection("subscriptions").getFullList({ filter: `user = "${user.id}"` })).toEqual([]);
    const goodbye = await mailArrives(server, user.email, /compte Lumen est supprimé/);
    expect(goodbye.text).toContain("Votre abonnement est résilié\u00a0: rien ne sera plus prélevé.");
  });

  it("cancel in the portal: it ends on the period end, then access stops", async () => {
    const user = await signUp(server, "cancel@example.com");
    await pay((await send(user.pb, "/api/billing/checkout", { interval: "year" })).url);
    const { url } = await send(user.pb, "/api/billing/portal");
    // The portal speaks the user's language, and brings them back to their account page.
    expect(Object.values(double.state.portal_sessions).at(-1)).toMatchObject({
      locale: "en",
      return_url: expect.stringMatching(/\/account$/),
    });
    const before = await subscriptionOf(user);
    const res = await fetch(`${url}/cancel`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `subscription=${before.subscription}`,
    });
    expect(res.status).toBe(303);
    const cancelling = await subscriptionOf(user);
    expect(cancelling.cancel_at_period_end).toBe(true);
    await mailArrives(server, user.email, /is canceled/);
    expect(mailsTo(server, user.email).find((m) => /is canceled/.test(m.subject))!.text).toContain(
      "keep your access until",
    );

    // The trial is over and the period ends: Stripe deletes the subscription, the sweep stops access.
    await root
      .collection("users")
      .update(user.id, { trial_ends: formatDateTime(new Date(Date.now() - 60_000)) });
    await fetch(`${double.url}/_double/subscriptions/${cancelling.subscription}/advance`, { method: "POST" });
    expect((await subscriptionOf(user)).status).toBe("canceled");
    server.app.billing.sweep(new Date(Date.now() + 1000));
    expect(await stremioField(user)).toBe("inactive");
    expect((await user.pb.collection("users").getOne(user.id)).plan).toBe("free");
  });

  it("a failed renewal is past due and keeps access; a new card makes it active", async () => {
    const user = await signUp(server, "pastdue@example.com");
    await root
      .collection("users")
      .update(user.id, { trial_ends: formatDateTime(new Date(Date.now() - 60_000)) });
    await pay((await send(user.pb, "/api/billing/checkout", { interval: "month" })).url);
    const sub = await subscriptionOf(user);
    expect(sub.status).toBe("active");
    await fetch(`${double.url}/_double/customers/${sub.customer}/card`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fails: true }),
    });
    await fetch(`${double.url}/_double/subscriptions/${sub.subscription}/advance`, { method: "POST" });
    expect((await subscriptionOf(user)).status).toBe("past_due");
    expect(await stremioField(user)).toBe("active");
    await mailArrives(server, user.email, /didn't go through/);
    const { url } = await send(user.pb, "/api/billing/portal");
    await fetch(`${url}/payment-method`, { method: "POST", redirect: "manual" });
    expect((await subscriptionOf(user)).status).toBe("active");
  });

  describe("the webhook", () => {
    const post = (body: string, signature: string) =>
      fetch(`${server.url}/api/billing/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
    const event = (userId: string, created: number, status: string) =>
      JSON.stringify({
        id: `evt_test_${created}_${status}`,
        object: "event",
        type: "customer.subscription.updated",
        created,
        data: {
          object: {
            id: "sub_manual_test",
            object: "subscription",
            customer: "cus_manual_test",
            status,
            cancel_at_period_end: false,
            metadata: { user: userId },
            ended_at: null,
            items: {
              data: [
                {
                  current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
                  price: { id: "price_monthly_test", recurring: { interval: "month" } },
                },
              ],
            },
          },
        },
      });
    const sign = (payload: string, timestamp?: number) =>
      stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });

    it("refuses a bad or stale signature and changes nothing", async () => {
      const user = await signUp(server, "signature@example.com");
      const body = event(user.id, Math.floor(Date.now() / 1000), "active");
      const forged = stripe.webhooks.generateTestHeaderString({ payload: body, secret: "whsec_other" });
      for (const signature of [forged, "", sign(body, Math.floor(Date.now() / 1000) - 3600)]) {
        const res = await post(body, signature);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ data: {}, message: "Invalid webhook signature.", status: 400 });
      }
      expect(await rejection(subscriptionOf(user)).then((e) => e.status)).toBe(404);
    });

    it("applies an event once, and never one older than the last applied", async () => {
      const user = await signUp(server, "order@example.com");
      const now = Math.floor(Date.now() / 1000);
      const newer = event(user.id, now, "past_due");
      expect((await post(newer, sign(newer))).status).toBe(200);
      expect((await subscriptionOf(user)).status).toBe("past_due");
      // Delivered again: acknowledged, nothing changes.
      const replay = await post(newer, sign(newer));
      expect(await replay.json()).toMatchObject({ outcome: "duplicate" });
      // An older event arriving late: acknowledged, not applied.
      const older = event(user.id, now - 60, "active");
      const late = await post(older, sign(older));
      expect(late.status).toBe(200);
      expect(await late.json()).toMatchObject({ outcome: "stale" });
      expect((await subscriptionOf(user)).status).toBe("past_due");
      // Other event types are acknowledged and ignored.
      const other = JSON.stringify({
        id: "evt_other",
        object: "event",
        type: "charge.refunded",
        created: now,
        data: { object: {} },
      });
      expect(await (await post(other, sign(other))).json()).toMatchObject({ outcome: "ignored" });
    });
  });

  it("a visitor can never write their billing state, nor buy for someone else", async () => {
    const user = await signUp(server, "sneaky@example.com");
    const other = await signUp(server, "victim@example.com");
    const users = user.pb.collection("users");
    for (const body of [
      { trial_ends: "2099-01-01 00:00:00.000Z" },
      { plan: "paid" },
      { price: 0 },
      { stripe: "cus_free" },
    ]) {
      expect((await rejection(users.update(user.id, body))).status, JSON.stringify(body)).toBe(404);
    }
    const create = (body: object) =>
      rejection(user.pb.collection("subscriptions").create({ user: user.id, ...body }));
    expect((await create({ status: "active", interval: "year" })).status).toBe(403);
    // Another user's subscription is never listed.
    await send(other.pb, "/api/billing/checkout", { interval: "month" });
    expect(
      (await user.pb.collection("subscriptions").getList(1, 50)).items.every((s) => s.user === user.id),
    ).toBe(true);
    // The checkout is always the signed-in user's own, whatever the body names.
    await send(user.pb, "/api/billing/checkout", { interval: "month", user: other.id });
    expect(Object.values(double.state.checkout_sessions).at(-1)!.client_reference_id).toBe(user.id);
    // The Stremio record's switch is the server's.
    const stremio = await user.pb.collection("stremio").getFirstListItem(`user = "${user.id}"`);
    expect(
      (await rejection(user.pb.collection("stremio").update(stremio.id, { field: "active" }))).status,
    ).toBe(404);
    // A new account cannot start with a longer trial.
    const pb = new PocketBase(server.url);
    const refused = await rejection(
      pb.collection("users").create({
        email: "forever@example.com",
        password,
        passwordConfirm: password,
        plan: "free",
        price: 0,
        trial_ends: "2099-01-01 00:00:00.000Z",
      }),
    );
    expect(refused.status).toBe(400);
  });
});

describe("billing without Stripe (manual mode)", () => {
  let server: TestServer;
  let root: PocketBase;
  beforeAll(async () => {
    ({ server, root } = await startServerAsRoot());
  });
  afterAll(() => server.close());

  it("a paid sign-up awaits payment, gets the instructions, and is active once the operator marks it paid", async () => {
    const user = await signUp(server, "manual@example.com", {
      plan: "paid",
      is_monthly: false,
      price: 49.99,
      locale: "fr",
    });
    expect((await subscriptionOf(user)).status).toBe("incomplete");
    const { url } = await send(user.pb, "/api/billing/checkout", { interval: "year" });
    expect(new URL(url).pathname + new URL(url).search).toBe("/fr/account?checkout=manual");
    await mailArrives(server, user.email, /Comment régler/);
    const instructions = mailsTo(server, user.email).find((m) => /Comment régler/.test(m.subject))!;
    expect(instructions.text).toContain("49,99");
    expect(instructions.text).toContain("manual@example.com");

    const until = new Date(Date.now() + 365 * 86400_000);
    await root.send("/api/billing/mark-paid", {
      method: "POST",
      body: { user: user.id, until: until.toISOString(), interval: "year" },
    });
    expect(await subscriptionOf(user)).toMatchObject({
      status: "active",
      interval: "year",
      subscription: "",
    });
    expect(await stremioField(user)).toBe("active");
    expect((await user.pb.collection("users").getOne(user.id)).plan).toBe("paid");
    await mailArrives(server, user.email, /est actif/);

    // Only a superuser records a payment.
    const refused = await rejection(
      user.pb.send("/api/billing/mark-paid", {
        method: "POST",
        body: { user: user.id, until: until.toISOString() },
      }),
    );
    expect(refused.status).toBe(403);
    // And the portal is Stripe's: without Stripe there is none.
    expect((await rejection(send(user.pb, "/api/billing/portal"))).status).toBe(400);
  });

  it("mark-paid refuses what it cannot record, field by field, and changes nothing", async () => {
    const user = await signUp(server, "typo@example.com");
    const markPaid = (body: Record<string, string>) =>
      rejection(root.send("/api/billing/mark-paid", { method: "POST", body }));
    const past = formatDateTime(new Date(Date.now() - 86400_000));
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ user: user.id }, { until: "validation_required" }],
      [{ user: user.id, until: "5" }, { until: "validation_invalid_date" }],
      [{ user: user.id, until: "next friday" }, { until: "validation_invalid_date" }],
      [{ user: user.id, until: "2099-02-31" }, { until: "validation_invalid_date" }],
      [{ user: user.id, until: past }, { until: "validation_min_date_constraint" }],
      [{ user: user.id, until: "2099-01-01", interval: "week" }, { interval: "validation_in_invalid" }],
      [{ until: "2099-01-01" }, { user: "validation_required" }],
      [
        { user: "", until: "", interval: "day" },
        {
          user: "validation_required",
          until: "validation_required",
          interval: "validation_in_invalid",
        },
      ],
    ];
    for (const [body, codes] of cases) {
      const refused = await markPaid(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const data = refused.response.data as Record<string, { code: string }>;
      expect(
        Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.code])),
        JSON.stringify(body),
      ).toEqual(codes);
    }
    const unknown = await markPaid({ user: "nosuchuser00000", until: "2099-01-01" });
    expect(unknown.status).toBe(404);
    expect(await rejection(subscriptionOf(user)).then((e) => e.status)).toBe(404);

    // A day (what a date input sends) and PocketBase's datetime are both taken as written.
    const saved = await root.send("/api/billing/mark-paid", {
      method: "POST",
      body: { user: user.id, until: "2099-01-31 23:59:59.999Z", interval: "month" },
    });
    expect(saved).toMatchObject({ status: "active", current_period_end: "2099-01-31 23:59:59.999Z" });
    const day = await root.send("/api/billing/mark-paid", {
      method: "POST",
      body: { user: user.id, until: "2099-03-01", interval: "year" },
    });
    expect(day).toMatchObject({ interval: "year", current_period_end: "2099-03-01 00:00:00.000Z" });
  });

  it("the sweep: one reminder before the trial ends, one email when it ended, access stops", async () => {
    const user = await signUp(server, "sweep@example.com");
    const soon = formatDateTime(new Date(Date.now() + 24 * 3600_000));
    await root.collection("users").update(user.id, { trial_ends: soon });
    server.app.billing.sweep();
    server.app.billing.sweep();
    await mailArrives(server, user.email, /trial ends on/);
    const past = formatDateTime(new Date(Date.now() - 3600_000));
    await root.collection("users").update(user.id, { trial_ends: past });
    expect(await stremioField(user)).toBe("inactive");
    server.app.billing.sweep();
    server.app.billing.sweep();
    await mailArrives(server, user.email, /trial has ended/);
    const subjects = mailsTo(server, user.email).map((m) => m.subject);
    expect(subjects.filter((s) => /trial ends on/.test(s))).toHaveLength(1);
    expect(subjects.filter((s) => /trial has ended/.test(s))).toHaveLength(1);
    // The operator extends the trial: access comes back at once.
    await root.collection("users").update(user.id, { trial_ends: soon });
    expect(await stremioField(user)).toBe("active");
  });

  it("an admin reads every user's billing state, with the user's record; a user only their own", async () => {
    const payer = await signUp(server, "awaiting.admin-view@example.com", {
      plan: "paid",
      is_monthly: true,
      price: 4.99,
    });
    const admin = await signUp(server, "site.admin@example.com");
    const nosy = await signUp(server, "nosy@example.com");
    await root.collection("users").update(admin.id, { admin: true });
    const filter = `user = "${payer.id}"`;
    // A user never sees another's subscription, neither listed nor expanded.
    expect((await nosy.pb.collection("subscriptions").getList(1, 10, { filter })).totalItems).toBe(0);
    // An admin finds it, and the admin search's expand carries it.
    const seen = await admin.pb.collection("subscriptions").getFirstListItem(filter);
    expect(seen).toMatchObject({ user: payer.id, status: "incomplete", interval: "month" });
    const found = await admin.pb.collection("users").getList(1, 10, {
      filter: `id = "${payer.id}"`,
      expand: "subscriptions_via_user",
    });
    expect(found.items[0]!.expand?.subscriptions_via_user).toMatchObject({
      id: seen.id,
      status: "incomplete",
    });
    // Reading is all: an admin writes no subscription either.
    expect(
      (await rejection(admin.pb.collection("subscriptions").update(seen.id, { status: "active" }))).status,
    ).toBe(403);
  });

  it("counts users by billing state for admins and superusers only", async () => {
    const stats = await root.send("/api/billing/stats", {});
    expect(stats).toMatchObject({ byInterval: { month: expect.any(Number), year: expect.any(Number) } });
    expect(stats.active).toBeGreaterThanOrEqual(1);
    expect(stats.monthlyRecurringRevenue).toBeCloseTo(
      stats.byInterval.month * 4.99 + (stats.byInterval.year * 49.99) / 12,
      2,
    );
    const user = await signUp(server, "curious@example.com");
    expect((await rejection(user.pb.send("/api/billing/stats", {}))).status).toBe(403);
  });
});
