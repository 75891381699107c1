import PocketBase from "pocketbase";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renewalWindowMs } from "#shared/billing.ts";
import { formatDate } from "#shared/format.ts";
import { unconfiguredSeller } from "#shared/seller.ts";
import { formatDateTime } from "./core/values.ts";
import { defaultRateLimits } from "./tools/rate-limit.ts";
import { createTestApp, fixturePassword as password } from "./testing/fixtures.ts";
import { mailArrives as outboxMailArrives, mailsTo as outboxMailsTo } from "./testing/outbox.ts";
import { pollUntil } from "./testing/poll.ts";
import { rejection, verifiedSignUp, type SignedUpUser } from "./testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "./testing/start-server.ts";
import { startStripeWorld, type StripeWorld, testWebhookSecret } from "./testing/stripe-world.ts";
import type { StripeDouble } from "./testing/stripe-double-types.ts";

// The billing lifecycle against the real server over a real port and the Stripe test double,
// which the official SDK drives in both directions (API calls, signed webhooks).

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

// A test that moves the clock (the server's too: it runs in this process) puts it back.
afterEach(() => vi.useRealTimers());

describe("billing with Stripe", () => {
  let double: StripeDouble;
  let server: TestServer;
  let root: PocketBase;
  let stripe: Stripe;

  let world: StripeWorld;

  beforeAll(async () => {
    world = await startStripeWorld();
    ({ double, server, root, stripe } = world);
  });
  afterAll(() => world.close());

  /** A subscriber whose trial is over: paid monthly on the double's checkout page. */
  async function subscriber(email: string) {
    const user = await verifiedSignUp(server, email);
    await root
      .collection("users")
      .update(user.id, { trial_ends: formatDateTime(new Date(Date.now() - 60_000)) });
    await pay((await send(user.pb, "/api/billing/checkout", { interval: "month" })).url);
    return user;
  }

  it("says it runs with Stripe", async () => {
    expect(await new PocketBase(server.url).send("/api/billing/config", {})).toEqual({
      mode: "stripe",
      graceDays: 7,
      stripeMode: "test",
      supportEmail: "",
    });
  });

  it("a trial user upgrades: Checkout keeps the trial, the webhooks make the subscription, access follows", async () => {
    const user = await verifiedSignUp(server, "upgrade@example.com", { locale: "fr" });
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
    // Nothing was charged: the email says when the subscription starts, not that money arrived.
    const scheduled = await mailArrives(server, user.email, /commence le|starts on/);
    expect(scheduled.text).toMatch(/rien n’est prélevé|nothing is charged/);
    expect(
      mailsTo(server, user.email).filter((m) => /Paiement reçu|Payment received/.test(m.subject)),
    ).toEqual([]);

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
    const user = await verifiedSignUp(server, "leaving@example.com", { locale: "fr", name: "Léa" });
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
    const user = await verifiedSignUp(server, "cancel@example.com");
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
    const canceling = await mailArrives(server, user.email, /subscription ends on/);
    expect(canceling.text).toContain("You keep your access until then");

    // The trial is over and the period ends: Stripe deletes the subscription, the sweep stops access.
    await root
      .collection("users")
      .update(user.id, { trial_ends: formatDateTime(new Date(Date.now() - 60_000)) });
    await fetch(`${double.url}/_double/subscriptions/${cancelling.subscription}/advance`, { method: "POST" });
    expect((await subscriptionOf(user)).status).toBe("canceled");
    await server.app.billing.sweep(new Date(Date.now() + 1000));
    expect(await stremioField(user)).toBe("inactive");
    expect((await user.pb.collection("users").getOne(user.id)).plan).toBe("free");
    // One email for each transition: it ends on a date, then it has ended; never a second "ends on".
    const ended = await mailArrives(server, user.email, /access has ended/);
    expect(ended.text).toContain("Your subscription ended on");
    const subjects = mailsTo(server, user.email).map((m) => m.subject);
    expect(subjects.filter((s) => /ends on|access has ended/.test(s))).toHaveLength(2);
  });

  it("cancel and resume from the site: Stripe's subscription follows, one email each", async () => {
    const user = await subscriber("site-cancel@example.com");
    const sub = await subscriptionOf(user);
    const renewal = (renew: string) =>
      user.pb.send("/api/billing/renewal", { method: "POST", body: { renew } });
    await renewal("false");
    expect(double.state.subscriptions[sub.subscription]!.cancel_at_period_end).toBe(true);
    expect(await subscriptionOf(user)).toMatchObject({ cancel_at_period_end: true });
    await mailArrives(server, user.email, /subscription ends on/);
    await renewal("true");
    expect(double.state.subscriptions[sub.subscription]!.cancel_at_period_end).toBe(false);
    await mailArrives(server, user.email, /subscription goes on/);
    // Stripe's own events about the same changes arrive afterwards: nothing more is sent.
    await pollUntil(
      () => double.state.events.filter((e) => e.type === "customer.subscription.updated"),
      (events) => events.every((event) => event.status === "delivered"),
      () => "the update events were not all delivered",
    );
    await server.app.mailer.idle();
    expect(mailsTo(server, user.email).filter((m) => /goes on|ends on/.test(m.subject))).toHaveLength(2);
  });

  it("a failed renewal: access for the grace, reminders, a last notice, the end, then recovery", async () => {
    const user = await subscriber("pastdue@example.com");
    const sub = await subscriptionOf(user);
    expect(sub.status).toBe("active");
    await fetch(`${double.url}/_double/customers/${sub.customer}/card`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fails: true }),
    });
    await fetch(`${double.url}/_double/subscriptions/${sub.subscription}/advance`, { method: "POST" });
    const pastDue = await subscriptionOf(user);
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.past_due_since).not.toBe("");
    expect(await stremioField(user)).toBe("active");
    // The grace: 7 days from the renewal that failed, said in the email.
    const since = new Date(String(pastDue.past_due_since).replace(" ", "T")).getTime();
    const graceEnds = since + 7 * 86400_000;
    const failed = await mailArrives(server, user.email, /didn't go through/);
    expect(failed.text).toContain(`goes on until ${formatDate(new Date(graceEnds).toISOString(), "en")}`);

    // A day before the grace ends: one last notice, however often the sweep runs.
    await server.app.billing.sweep(new Date(graceEnds - 86400_000));
    await server.app.billing.sweep(new Date(graceEnds - 86400_000 + 3600_000));
    await mailArrives(server, user.email, /^Last notice/);
    expect(await stremioField(user)).toBe("active");
    // The grace is over: no access, and one email that says why.
    await server.app.billing.sweep(new Date(graceEnds + 3600_000));
    expect(await stremioField(user)).toBe("inactive");
    expect((await user.pb.collection("users").getOne(user.id)).plan).toBe("free");
    const ended = await mailArrives(server, user.email, /access has ended/);
    expect(ended.text).toContain("We couldn't take the payment");
    await server.app.billing.sweep(new Date(graceEnds + 2 * 3600_000));
    await server.app.mailer.idle();
    const subjects = mailsTo(server, user.email).map((m) => m.subject);
    expect(subjects.filter((s) => /^Last notice|access has ended/.test(s))).toHaveLength(2);

    // A new card: the payment goes through, access comes back with a receipt.
    const { url } = await send(user.pb, "/api/billing/portal");
    await fetch(`${url}/payment-method`, { method: "POST", redirect: "manual" });
    expect((await subscriptionOf(user)).status).toBe("active");
    expect(await stremioField(user)).toBe("active");
    await pollUntil(
      () => mailsTo(server, user.email).filter((m) => /^Payment received/.test(m.subject)),
      (receipts) => receipts.length === 2,
      (receipts) => `${receipts.length} receipt(s)`,
    );
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
      stripe.webhooks.generateTestHeaderString({ payload, secret: testWebhookSecret, timestamp });

    it("refuses a bad or stale signature and changes nothing", async () => {
      const user = await verifiedSignUp(server, "signature@example.com");
      const body = event(user.id, Math.floor(Date.now() / 1000), "active");
      const forged = stripe.webhooks.generateTestHeaderString({ payload: body, secret: "whsec_other" });
      for (const signature of [forged, "", sign(body, Math.floor(Date.now() / 1000) - 3600)]) {
        const res = await post(body, signature);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ data: {}, message: "Invalid webhook signature.", status: 400 });
      }
      expect(await rejection(subscriptionOf(user)).then((e) => e.status)).toBe(404);
    });

    it("applies an event once, with the subscription's state read from Stripe, not the event's", async () => {
      const user = await verifiedSignUp(server, "order@example.com");
      await pay((await send(user.pb, "/api/billing/checkout", { interval: "month" })).url);
      const { subscription } = await subscriptionOf(user);
      const now = Math.floor(Date.now() / 1000);
      // A signed event claiming a state Stripe does not hold: Stripe's own state is stored.
      const claim = event(user.id, now, "past_due").replaceAll("sub_manual_test", subscription);
      const res = await post(claim, sign(claim));
      expect(await res.json()).toMatchObject({ outcome: "applied" });
      expect((await subscriptionOf(user)).status).toBe("trialing");
      // Delivered again: acknowledged, nothing changes.
      const replay = await post(claim, sign(claim));
      expect(await replay.json()).toMatchObject({ outcome: "duplicate" });
      // A subscription Stripe does not have: acknowledged, nothing written.
      const unknown = event(user.id, now, "active");
      expect(await (await post(unknown, sign(unknown))).json()).toMatchObject({ outcome: "ignored" });
      expect(await subscriptionOf(user)).toMatchObject({ subscription, status: "trialing" });
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

  describe("events out of order, lost, or for an old subscription", () => {
    const hour = 3600_000;
    const datetime = (value: string) => Date.parse(value.replace(" ", "T"));

    /** Stripe sends `type` with `object` (as it was when sent), at `created` (unix seconds). */
    async function emit(type: string, object: unknown, created = Math.floor(Date.now() / 1000)) {
      const res = await fetch(`${double.url}/_double/events`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type, object, created }),
      });
      expect(res.status).toBe(200);
      const record = (await res.json()) as { status: string };
      expect(record.status).toBe("delivered");
    }

    /** A user past their trial, paying monthly: their subscription is `active`. */
    async function activeSubscriber(email: string) {
      const user = await subscriber(email);
      const sub = await subscriptionOf(user);
      expect(sub.status).toBe("active");
      return { user, sub };
    }

    /** Cancels at the period's end, then the period ends: Stripe deletes the subscription. */
    async function endSubscription(id: string) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: true });
      const res = await fetch(`${double.url}/_double/subscriptions/${id}/advance`, { method: "POST" });
      expect(res.status).toBe(200);
      return double.state.events.findLast(
        (e) =>
          e.type === "customer.subscription.deleted" && (e.event.data.object as { id: string }).id === id,
      )!;
    }

    it("a deletion, then an update of the same second saying active: canceled stays canceled, access ends", async () => {
      const { user, sub } = await activeSubscriber("same-second@example.com");
      const deleted = await endSubscription(sub.subscription);
      expect((await subscriptionOf(user)).status).toBe("canceled");
      // Stripe's `created` has one-second resolution: this one is not older than the deletion.
      const stale = { ...double.state.subscriptions[sub.subscription]!, status: "active", ended_at: null };
      await emit("customer.subscription.updated", stale, deleted.created);
      expect((await subscriptionOf(user)).status).toBe("canceled");
      await server.app.billing.sweep(new Date(Date.now() + 1000));
      expect(await stremioField(user)).toBe("inactive");
      expect(await user.pb.collection("users").getOne(user.id)).toMatchObject({ plan: "free", price: 0 });
    });

    it("an event for an earlier subscription never touches the current one", async () => {
      const { user, sub: first } = await activeSubscriber("resubscribed@example.com");
      await endSubscription(first.subscription);
      await pay((await send(user.pb, "/api/billing/checkout", { interval: "year" })).url);
      const second = await subscriptionOf(user);
      expect(second).toMatchObject({ status: "active", interval: "year" });
      expect(second.subscription).not.toBe(first.subscription);
      // Late, and newer than anything applied: an event for the first one, claiming it active.
      const old = { ...double.state.subscriptions[first.subscription]!, status: "active" };
      await emit("customer.subscription.updated", old, Math.floor(Date.now() / 1000) + 5);
      await emit("customer.subscription.deleted", double.state.subscriptions[first.subscription]);
      expect(await subscriptionOf(user)).toMatchObject({
        subscription: second.subscription,
        status: "active",
        interval: "year",
      });
      expect(await stremioField(user)).toBe("active");
    });

    it("an active subscription past its period end and the grace does not stream", async () => {
      const { user, sub } = await activeSubscriber("never-renewed@example.com");
      const item = double.state.subscriptions[sub.subscription]!.items.data[0]!;
      // Stripe still says active; the period ended an hour ago: within the grace, access goes on.
      item.current_period_end = Math.floor((Date.now() - hour) / 1000);
      await emit("customer.subscription.updated", double.state.subscriptions[sub.subscription]);
      expect(await stremioField(user)).toBe("active");
      // Past the grace, it stops, whatever the status says.
      item.current_period_end = Math.floor((Date.now() - renewalWindowMs - hour) / 1000);
      await emit("customer.subscription.updated", double.state.subscriptions[sub.subscription]);
      expect((await subscriptionOf(user)).status).toBe("active");
      expect(await stremioField(user)).toBe("inactive");
      expect(await user.pb.collection("users").getOne(user.id)).toMatchObject({ plan: "free", price: 0 });
      // The user's own save of their Stremio record asks the entitlement again: still off.
      const stremio = await user.pb.collection("stremio").getFirstListItem(`user = "${user.id}"`);
      await user.pb.collection("stremio").update(stremio.id, { email: "still.off@lumen.stream" });
      expect(await stremioField(user)).toBe("inactive");
    });

    it("a deletion event that never arrives: access ends with the period and the grace", async () => {
      const { user, sub } = await activeSubscriber("lost-deletion@example.com");
      const periodEnd = datetime(sub.current_period_end);
      await server.app.billing.sweep(new Date(periodEnd + renewalWindowMs - hour));
      expect(await stremioField(user)).toBe("active");
      await server.app.billing.sweep(new Date(periodEnd + renewalWindowMs + hour));
      expect(await stremioField(user)).toBe("inactive");
      expect(await user.pb.collection("users").getOne(user.id)).toMatchObject({ plan: "free", price: 0 });
    });
  });

  it("a visitor can never write their billing state, nor buy for someone else", async () => {
    const user = await verifiedSignUp(server, "sneaky@example.com");
    const other = await verifiedSignUp(server, "victim@example.com");
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
    ({ server, root } = await startServerAsRoot({
      seller: { ...unconfiguredSeller, supportEmail: "help@shop.test" },
    }));
  });
  afterAll(() => server.close());

  it("a paid sign-up awaits payment, gets the instructions, and is active once the operator marks it paid", async () => {
    const user = await verifiedSignUp(server, "manual@example.com", {
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
    // The account to pay into on lines of their own, the reference, and the configured support address.
    expect(instructions.text).toMatch(/IBAN\u202f: FR76 3000 6000 0112 3456 7890 189/);
    expect(instructions.text).toMatch(/BIC\u202f: AGRIFRPP/);
    expect(instructions.text).toMatch(/Référence\u202f: manual@example\.com/);
    expect(instructions.text).toContain("help@shop.test");
    expect(await new PocketBase(server.url).send("/api/billing/config", {})).toMatchObject({
      mode: "manual",
      supportEmail: "help@shop.test",
    });

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
    await mailArrives(server, user.email, /Paiement reçu|Payment received/);

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

  it("choosing the paid plan again mails the instructions once; sending them again, once per 2 minutes", async () => {
    const user = await verifiedSignUp(server, "bombed@example.com", {
      plan: "paid",
      is_monthly: true,
      price: 4.99,
    });
    const instructions = () => mailsTo(server, user.email).filter((m) => /How to pay/.test(m.subject));
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send(user.pb, "/api/billing/checkout", { interval: "month" })),
    );
    // Each answers as before, so the page shows the instructions.
    for (const { url } of answers) expect(new URL(url).search).toBe("?checkout=manual");
    await server.app.mailer.idle();
    expect(instructions()).toHaveLength(1);

    // Asked for again, each answered 204: nothing within 2 minutes of the last, then one.
    const resend = () => user.pb.send("/api/billing/resend-instructions", { method: "POST" });
    await resend();
    await server.app.mailer.idle();
    expect(instructions()).toHaveLength(1);
    vi.useFakeTimers({ now: Date.now() + 2 * 60_000 + 1000, toFake: ["Date"] });
    for (let i = 0; i < 4; i++) await resend();
    vi.useRealTimers();
    await server.app.mailer.idle();
    expect(instructions()).toHaveLength(2);
    expect(instructions()[1]!.text).toContain("4.99");

    // Nothing awaits payment: nothing to send.
    const free = await verifiedSignUp(server, "not-awaiting@example.com");
    const refused = await rejection(free.pb.send("/api/billing/resend-instructions", { method: "POST" }));
    expect(refused.status).toBe(400);
    expect(refused.response.message).toBe("There are no payment instructions to send.");
  });

  it("awaiting payment, the customer switches between month and year, then withdraws the request", async () => {
    const user = await verifiedSignUp(server, "changes-mind@example.com", {
      plan: "paid",
      is_monthly: true,
      price: 4.99,
    });
    const instructions = () => mailsTo(server, user.email).filter((m) => /How to pay/.test(m.subject));
    await send(user.pb, "/api/billing/checkout", { interval: "month" });
    // Yearly instead: the instructions again, for the yearly amount.
    await send(user.pb, "/api/billing/checkout", { interval: "year" });
    const both = await pollUntil(
      () => instructions(),
      (list) => list.length === 2,
      (list) => `${list.length} instruction mail(s)`,
    );
    // (Both may be written in the same millisecond: the order of the outbox's files says nothing.)
    expect(both.map((m) => (m.text.includes("49.99") ? "year" : "month")).sort()).toEqual(["month", "year"]);
    expect(await subscriptionOf(user)).toMatchObject({ status: "incomplete", interval: "year" });
    expect((await user.pb.collection("users").getOne(user.id)).plan).toBe("paid");

    // Withdrawn before paying: no request, no paid plan, the trial as it was.
    await user.pb.send("/api/billing/withdraw-request", { method: "POST" });
    expect(await rejection(subscriptionOf(user))).toMatchObject({ status: 404 });
    expect(await user.pb.collection("users").getOne(user.id)).toMatchObject({ plan: "free", price: 0 });
    expect(await stremioField(user)).toBe("active");
    const again = await rejection(user.pb.send("/api/billing/withdraw-request", { method: "POST" }));
    expect(again.status).toBe(400);
    expect(again.response.message).toBe("There is no request for the paid plan to withdraw.");
  });

  it("paid by hand, the customer asks not to renew, then changes their mind: one email each", async () => {
    const user = await verifiedSignUp(server, "no-renewal@example.com");
    const until = new Date(Date.now() + 30 * 86400_000);
    await root.send("/api/billing/mark-paid", {
      method: "POST",
      body: { user: user.id, until: until.toISOString(), interval: "month" },
    });
    const renewal = (renew: string) =>
      user.pb.send("/api/billing/renewal", { method: "POST", body: { renew } });
    await renewal("false");
    expect(await subscriptionOf(user)).toMatchObject({ status: "active", cancel_at_period_end: true });
    const ends = await mailArrives(server, user.email, /subscription ends on/);
    expect(ends.text).toContain("nothing more will be charged");
    expect(await stremioField(user)).toBe("active");
    await renewal("true");
    await mailArrives(server, user.email, /subscription goes on/);
    // Said twice, changed once: no second email.
    await renewal("true");
    await server.app.mailer.idle();
    expect(mailsTo(server, user.email).filter((m) => /goes on|ends on/.test(m.subject))).toHaveLength(2);
    const bad = await rejection(renewal("maybe"));
    expect(bad.status).toBe(400);
    expect(bad.response.data.renew.code).toBe("validation_invalid_value");
    // Nothing runs: nothing to change.
    const free = await verifiedSignUp(server, "nothing-runs@example.com");
    const refused = await rejection(
      free.pb.send("/api/billing/renewal", { method: "POST", body: { renew: "false" } }),
    );
    expect(refused.status).toBe(400);
  });

  it("checkout refuses while a payment the operator recorded runs, and changes nothing", async () => {
    const user = await verifiedSignUp(server, "recorded@example.com");
    const until = new Date(Date.now() + 30 * 86400_000);
    await root.send("/api/billing/mark-paid", {
      method: "POST",
      body: { user: user.id, until: until.toISOString(), interval: "year" },
    });
    const before = await subscriptionOf(user);
    const refused = await rejection(send(user.pb, "/api/billing/checkout", { interval: "month" }));
    expect(refused.status).toBe(400);
    expect(refused.response).toEqual({ status: 400, message: "You already have a subscription.", data: {} });
    expect(await subscriptionOf(user)).toEqual(before);
    expect(await stremioField(user)).toBe("active");
    expect(await user.pb.collection("users").getOne(user.id)).toMatchObject({ plan: "paid", price: 49.99 });
  });

  it("mark-paid refuses what it cannot record, field by field, and changes nothing", async () => {
    const user = await verifiedSignUp(server, "typo@example.com");
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
    const user = await verifiedSignUp(server, "sweep@example.com");
    const soon = formatDateTime(new Date(Date.now() + 24 * 3600_000));
    await root.collection("users").update(user.id, { trial_ends: soon });
    await server.app.billing.sweep();
    await server.app.billing.sweep();
    await mailArrives(server, user.email, /trial ends on/);
    const past = formatDateTime(new Date(Date.now() - 3600_000));
    await root.collection("users").update(user.id, { trial_ends: past });
    expect(await stremioField(user)).toBe("inactive");
    await server.app.billing.sweep();
    await server.app.billing.sweep();
    await mailArrives(server, user.email, /trial has ended/);
    const subjects = mailsTo(server, user.email).map((m) => m.subject);
    expect(subjects.filter((s) => /trial ends on/.test(s))).toHaveLength(1);
    expect(subjects.filter((s) => /trial has ended/.test(s))).toHaveLength(1);
    // The operator extends the trial: access comes back at once.
    await root.collection("users").update(user.id, { trial_ends: soon });
    expect(await stremioField(user)).toBe("active");
  });

  it("an admin reads every user's billing state, with the user's record; a user only their own", async () => {
    const payer = await verifiedSignUp(server, "awaiting.admin-view@example.com", {
      plan: "paid",
      is_monthly: true,
      price: 4.99,
    });
    const admin = await verifiedSignUp(server, "site.admin@example.com");
    const nosy = await verifiedSignUp(server, "nosy@example.com");
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
    const user = await verifiedSignUp(server, "curious@example.com");
    expect((await rejection(user.pb.send("/api/billing/stats", {}))).status).toBe(403);
  });

  // Last: the sweep runs a week ahead, for every user of this server.
  it("a paid sign-up never paid is on no plan once the sweep finds its trial ended", async () => {
    const user = await verifiedSignUp(server, "never-paid@example.com", {
      plan: "paid",
      is_monthly: true,
      price: 4.99,
    });
    const record = await user.pb.collection("users").getOne(user.id);
    expect(record).toMatchObject({ plan: "paid", price: 4.99 });
    const trialEnds = Date.parse(String(record.trial_ends).replace(" ", "T"));
    await server.app.billing.sweep(new Date(trialEnds + 3600_000));
    expect(await user.pb.collection("users").getOne(user.id)).toMatchObject({
      plan: "free",
      is_monthly: false,
      price: 0,
    });
    expect(await stremioField(user)).toBe("inactive");
    // Still awaiting payment: the operator's record of it brings the paid plan back.
    expect((await subscriptionOf(user)).status).toBe("incomplete");
  });
});

describe("billing's rate limits", () => {
  it("sending the instructions again: 5 per minute per client IP, as verification requests", async () => {
    const t = await createTestApp({ rateLimits: defaultRateLimits });
    try {
      const token = t.tokens.alice;
      const checkout = await t.request("POST", "/api/billing/checkout", {
        token,
        body: { interval: "month" },
      });
      expect(checkout.status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await t.request("POST", "/api/billing/resend-instructions", { token })).status);
      }
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    } finally {
      await t.close();
    }
  });

  it("the webhook: a window of its own, 1,000 per 10 s per IP, so Stripe's bursts pass", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-01-01T00:00:00Z"), toFake: ["Date"] });
    const t = await createTestApp({ rateLimits: defaultRateLimits });
    try {
      const webhook = () =>
        t.request("POST", "/api/billing/webhook", {
          body: "{}",
          headers: { "stripe-signature": "t=1,v1=x" },
        });
      const statuses = new Map<number, number>();
      for (let i = 0; i < 1000; i++) {
        const { status } = await webhook();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      // Unsigned (no Stripe here): refused, but not limited.
      expect(statuses).toEqual(new Map([[400, 1000]]));
      const limited = await webhook();
      expect(limited.status).toBe(429);
      expect(limited.json).toEqual({ data: {}, message: "Too Many Requests.", status: 429 });
      // The rest of the API keeps its own window.
      expect((await t.request("GET", "/api/health")).status).toBe(200);
      vi.setSystemTime(Date.now() + 10_000);
      expect((await webhook()).status).toBe(400);
    } finally {
      await t.close();
    }
  });
});
