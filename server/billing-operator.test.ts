import PocketBase from "pocketbase";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Subscription } from "#shared/billing.ts";
import { formatDateTime } from "./core/values.ts";
import { mailArrives as outboxMailArrives, mailsTo as outboxMailsTo } from "./testing/outbox.ts";
import { pollUntil } from "./testing/poll.ts";
import { billingAccess, rejection, verifiedSignUp, type SignedUpUser } from "./testing/sdk.ts";
import { startServer, startServerAsRoot, type TestServer } from "./testing/start-server.ts";
import { startStripeWorld, type StripeWorld, testStripeConfig } from "./testing/stripe-world.ts";
import type { StripeDouble } from "./testing/stripe-double-types.ts";

// The operator's billing actions on a user (the dashboard's user page): cancel now or at the
// period's end, refund the last payment, in Stripe mode (the test double, driven by the official
// SDK) and in manual mode, against the real server over a real port.

const post = <T = Record<string, unknown>>(pb: PocketBase, path: string, body: unknown) =>
  pb.send<T>(path, { method: "POST", body });

/** The operators' record of changes of a user, oldest first. */
async function changesOf(root: PocketBase, id: string) {
  const items = await root
    .collection("user_changes")
    .getFullList({ filter: `user = "${id}"`, sort: "created" });
  return items.map((item) => ({ field: item.field, old: item.old, new: item.new, author: item.author }));
}

const subjects = (server: TestServer, email: string) =>
  outboxMailsTo(server.dataDir, email).map((mail) => mail.subject);

describe("the operator's billing actions with Stripe", () => {
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

  /** A subscriber whose trial is over, paid monthly on the double's checkout page. */
  async function subscriber(email: string, fields: Record<string, unknown> = {}) {
    const user = await verifiedSignUp(server, email, fields);
    await root
      .collection("users")
      .update(user.id, { trial_ends: formatDateTime(new Date(Date.now() - 60_000)) });
    const { url } = await post<{ url: string }>(user.pb, "/api/billing/checkout", { interval: "month" });
    const res = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
    expect(res.status).toBe(303);
    await outboxMailArrives(server.dataDir, user.email, /Payment received|Paiement reçu/);
    return user;
  }

  /** Stripe's last event of `type` about `object`, once the server has answered it. */
  async function delivered(type: string, id: string) {
    return pollUntil(
      () =>
        double.state.events.findLast(
          (event) => event.type === type && (event.event.data.object as { id: string }).id === id,
        ),
      (event) => event?.status === "delivered",
      (event) => `${type} was ${event?.status ?? "not sent"}`,
    );
  }

  /** The same change told again by Stripe: the event replayed, and a new event about it. */
  async function toldAgain(type: string, id: string) {
    const event = (await delivered(type, id))!;
    await fetch(`${double.url}/_double/deliver/${event.id}`, { method: "POST" });
    const fresh = await fetch(`${double.url}/_double/events`, {
      method: "POST",
      body: JSON.stringify({ type, object: double.state.subscriptions[id] }),
    });
    expect(((await fresh.json()) as { status: string }).status).toBe("delivered");
    await server.app.mailer.idle();
  }

  it("says whether its Stripe key is a test key; a live key says live", async () => {
    expect(await new PocketBase(server.url).send("/api/billing/config", {})).toMatchObject({
      mode: "stripe",
      stripeMode: "test",
    });
    const live = await startServer({ stripe: testStripeConfig(double.url, "rk_live_lumen") });
    try {
      expect(await new PocketBase(live.url).send("/api/billing/config", {})).toMatchObject({
        mode: "stripe",
        stripeMode: "live",
      });
    } finally {
      await live.close();
    }
  });

  it("cancel now: Stripe cancels, access ends at once, one email; Stripe's event told again sends nothing", async () => {
    const user = await subscriber("now@example.com");
    const sub = await root.send<Subscription>("/api/billing/cancel", {
      method: "POST",
      body: { user: user.id, when: "now" },
    });
    expect(sub.status).toBe("canceled");
    expect(double.state.subscriptions[sub.subscription]!.status).toBe("canceled");
    const after = await billingAccess(root, user.id);
    expect(after.view).toMatchObject({ state: "ended", mayStream: false });
    expect(after.field).toBe("inactive");
    expect(after.plan).toBe("free");
    const ended = await outboxMailArrives(server.dataDir, user.email, /access has ended/);
    expect(ended.text).toContain("Your subscription ended on");

    await toldAgain("customer.subscription.deleted", sub.subscription);
    expect(subjects(server, user.email).filter((s) => /access has ended|ends on/.test(s))).toHaveLength(1);
    expect((await billingAccess(root, user.id)).view.state).toBe("ended");
    expect(await changesOf(root, user.id)).toContainEqual({
      field: "subscription",
      old: expect.stringMatching(/^active, month, /),
      new: expect.stringMatching(/^canceled, month, /),
      author: "root@example.com",
    });

    const again = await rejection(post(root, "/api/billing/cancel", { user: user.id, when: "now" }));
    expect(again.status).toBe(400);
    expect(again.response.message).toBe("There is no subscription to cancel.");
  });

  it("cancel at the period's end: access goes on until then, one email; told again, nothing; then cancel now", async () => {
    const user = await subscriber("later@example.com", { locale: "fr" });
    const sub = await post<Subscription>(root, "/api/billing/cancel", { user: user.id, when: "period_end" });
    expect(sub).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect(double.state.subscriptions[sub.subscription]!.cancel_at_period_end).toBe(true);
    const after = await billingAccess(root, user.id);
    expect(after.view).toMatchObject({ state: "canceling", mayStream: true, until: sub.current_period_end });
    expect(after.field).toBe("active");
    const canceling = await outboxMailArrives(server.dataDir, user.email, /prend fin le/);
    expect(canceling.text).toContain("Vous gardez votre accès jusque-là");

    await toldAgain("customer.subscription.updated", sub.subscription);
    expect(
      subjects(server, user.email).filter((s) => /prend fin le|accès .* a pris fin/.test(s)),
    ).toHaveLength(1);

    const twice = await rejection(post(root, "/api/billing/cancel", { user: user.id, when: "period_end" }));
    expect(twice.status).toBe(400);
    expect(twice.response.message).toBe("This subscription already ends at its period's end.");

    await post(root, "/api/billing/cancel", { user: user.id, when: "now" });
    expect((await billingAccess(root, user.id)).view).toMatchObject({ state: "ended", mayStream: false });
    await outboxMailArrives(server.dataDir, user.email, /accès .* a pris fin/);
    await toldAgain("customer.subscription.deleted", sub.subscription);
    expect(
      subjects(server, user.email).filter((s) => /prend fin le|accès .* a pris fin/.test(s)),
    ).toHaveLength(2);
  });

  it("refund: the last payment is refunded at Stripe, recorded, one email in the user's language; twice is refused", async () => {
    const user = await subscriber("refund@example.com", { locale: "fr" });
    const refund = await post(root, "/api/billing/refund", { user: user.id });
    expect(refund).toMatchObject({ amount: 4.99, currency: "eur", invoice: expect.stringMatching(/^in_/) });
    const refunds = Object.values(double.state.refunds);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 499, metadata: { user: user.id, invoice: refund.invoice } });
    expect(double.state.charges[refunds[0]!.charge]).toMatchObject({ refunded: true, amount_refunded: 499 });
    const invoices = await stripe.invoices.list({
      customer: double.state.charges[refunds[0]!.charge]!.customer,
    });
    expect(invoices.data.map((invoice) => invoice.id)).toContain(refund.invoice);

    const mail = await outboxMailArrives(server.dataDir, user.email, /Remboursement effectué/);
    expect(mail.text).toContain("Nous vous avons remboursé 4,99\u00a0€ sur votre carte le");
    // A refund by itself leaves access alone: the operator cancels apart.
    expect((await billingAccess(root, user.id)).view).toMatchObject({ state: "active", mayStream: true });
    expect(await changesOf(root, user.id)).toContainEqual({
      field: "refund",
      old: "",
      new: `4.99 EUR, ${String(refund.invoice)}`,
      author: "root@example.com",
    });

    const twice = await rejection(post(root, "/api/billing/refund", { user: user.id }));
    expect(twice.status).toBe(400);
    expect(twice.response.message).toBe("This payment is already refunded.");
    await delivered("charge.refunded", refunds[0]!.charge);
    await server.app.mailer.idle();
    expect(subjects(server, user.email).filter((s) => /Remboursement/.test(s))).toHaveLength(1);
    expect(Object.values(double.state.refunds)).toHaveLength(1);
  });

  it("only a superuser acts; an unknown user is a 404; nothing to cancel or refund is a 400", async () => {
    const user = await subscriber("guarded@example.com");
    for (const [path, body] of [
      ["/api/billing/cancel", { user: user.id, when: "now" }],
      ["/api/billing/refund", { user: user.id }],
    ] as const) {
      const self = await rejection(post(user.pb, path, body));
      expect(self.status).toBe(403);
      const anonymous = await rejection(post(new PocketBase(server.url), path, body));
      expect(anonymous.status).toBe(401);
      const unknown = await rejection(post(root, path, { ...body, user: "nosuchuser00000" }));
      expect(unknown.status).toBe(404);
    }
    expect((await billingAccess(root, user.id)).view.state).toBe("active");
    expect(Object.values(double.state.refunds).filter((r) => r.metadata.user === user.id)).toEqual([]);

    const invalid = await rejection(post(root, "/api/billing/cancel", { user: user.id, when: "tomorrow" }));
    expect(invalid.status).toBe(400);
    expect(invalid.response.data).toMatchObject({ when: { code: "validation_invalid_value" } });

    const trial = await verifiedSignUp(server, "trial@example.com");
    const cancel = await rejection(post(root, "/api/billing/cancel", { user: trial.id, when: "period_end" }));
    expect(cancel.status).toBe(400);
    expect(cancel.response.message).toBe("There is no subscription to cancel.");
    const refund = await rejection(post(root, "/api/billing/refund", { user: trial.id }));
    expect(refund.status).toBe(400);
    expect(refund.response.message).toBe("There is no card payment to refund.");
  });
});

describe("the operator's billing actions without Stripe (manual mode)", () => {
  let server: TestServer;
  let root: PocketBase;
  beforeAll(async () => {
    ({ server, root } = await startServerAsRoot());
  });
  afterAll(() => server.close());

  /** A user whose trial is over and whose payment the operator recorded for a month. */
  async function paidByHand(email: string): Promise<SignedUpUser> {
    const user = await verifiedSignUp(server, email);
    await root
      .collection("users")
      .update(user.id, { trial_ends: formatDateTime(new Date(Date.now() - 60_000)) });
    await post(root, "/api/billing/mark-paid", {
      user: user.id,
      until: new Date(Date.now() + 30 * 86400_000).toISOString(),
      interval: "month",
    });
    await outboxMailArrives(server.dataDir, user.email, /Payment received/);
    return user;
  }

  it("says it runs without Stripe: no Stripe mode", async () => {
    expect(await new PocketBase(server.url).send("/api/billing/config", {})).toEqual({
      mode: "manual",
      graceDays: 7,
      stripeMode: null,
      supportEmail: "",
    });
  });

  it("cancel at the period's end stops the renewal, one email; the sweep tells nothing more; then cancel now ends access", async () => {
    const user = await paidByHand("manual-later@example.com");
    const sub = await post<Subscription>(root, "/api/billing/cancel", { user: user.id, when: "period_end" });
    expect(sub).toMatchObject({ status: "active", cancel_at_period_end: true, subscription: "" });
    expect((await billingAccess(root, user.id)).view).toMatchObject({ state: "canceling", mayStream: true });
    await outboxMailArrives(server.dataDir, user.email, /subscription ends on/);
    await server.app.billing.sweep();
    await server.app.mailer.idle();
    expect(subjects(server, user.email).filter((s) => /ends on|access has ended/.test(s))).toHaveLength(1);

    await post(root, "/api/billing/cancel", { user: user.id, when: "now" });
    const after = await billingAccess(root, user.id);
    expect(after.view).toMatchObject({ state: "ended", mayStream: false });
    expect(after.field).toBe("inactive");
    await outboxMailArrives(server.dataDir, user.email, /access has ended/);
    await server.app.billing.sweep();
    await server.app.mailer.idle();
    expect(subjects(server, user.email).filter((s) => /ends on|access has ended/.test(s))).toHaveLength(2);
    const changes = await changesOf(root, user.id);
    expect(changes.filter((change) => change.field === "subscription").map((change) => change.new)).toEqual([
      expect.stringMatching(/^active, month, [^,]*Z$/),
      expect.stringMatching(/^active, month, .*, ends at the period's end$/),
      expect.stringMatching(/^canceled, month, /),
    ]);
  });

  it("cancel now ends the paid period at once; refunds are made outside the site", async () => {
    const user = await paidByHand("manual-now@example.com");
    const sub = await post<Subscription>(root, "/api/billing/cancel", { user: user.id, when: "now" });
    expect(sub.status).toBe("canceled");
    expect((await billingAccess(root, user.id)).view).toMatchObject({ state: "ended", mayStream: false });
    const ended = await outboxMailArrives(server.dataDir, user.email, /access has ended/);
    expect(ended.text).toContain("Your subscription ended on");
    await server.app.mailer.idle();
    expect(subjects(server, user.email).filter((s) => /ends on|access has ended/.test(s))).toHaveLength(1);

    const refund = await rejection(post(root, "/api/billing/refund", { user: user.id }));
    expect(refund.status).toBe(400);
    expect(refund.response.message).toBe(
      "Payments recorded by hand are refunded outside the site: return the money the way it came.",
    );
    const unknown = await rejection(
      post(root, "/api/billing/cancel", { user: "nosuchuser00000", when: "now" }),
    );
    expect(unknown.status).toBe(404);
  });
});
