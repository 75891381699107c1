import PocketBase from "pocketbase";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Subscription, type Withdrawal, type WithdrawalInfo } from "#shared/billing.ts";
import { parseDateTime } from "#shared/datetime.ts";
import { formatDateTime } from "./core/values.ts";
import { fixturePassword } from "./testing/fixtures.ts";
import { mailArrives, mailsTo, type OutboxMail } from "./testing/outbox.ts";
import { pollUntil } from "./testing/poll.ts";
import { billingAccess, rejection, verifiedSignUp, type SignedUpUser } from "./testing/sdk.ts";
import { startServerAsRoot, type TestServer } from "./testing/start-server.ts";
import { startStripeWorld, type StripeWorld } from "./testing/stripe-world.ts";

// The right of withdrawal (14 days, refunded in full or pro rata when the service started at
// once), the order's record of that choice, the invoices list, Stripe Tax by configuration and the
// yearly renewal's notice: against the real server over a real port, with the official SDK, and
// the Stripe test double in Stripe mode.

const day = 86_400_000;

const post = <T = Record<string, unknown>>(pb: PocketBase, path: string, body: unknown = {}) =>
  pb.send<T>(path, { method: "POST", body });
const get = <T = Record<string, unknown>>(pb: PocketBase, path: string) =>
  pb.send<T>(path, { method: "GET" });

/** An email's text on one line (its plain-text part wraps; the no-break spaces stay). */
const words = (mail: OutboxMail) => mail.text.replace(/[ \t\r\n]+/g, " ");

// A test that moves the clock (the server's and the double's too: they run in this process) puts it back.
afterEach(() => vi.useRealTimers());

describe("withdrawal, orders and invoices with Stripe", () => {
  let world: StripeWorld;
  let server: TestServer;
  let root: PocketBase;

  beforeAll(async () => {
    world = await startStripeWorld();
    ({ server, root } = world);
  });
  afterAll(() => world.close());

  const subjects = (email: string) => mailsTo(server.dataDir, email).map((mail) => mail.subject);

  /** A subscriber whose trial is over, paid on the double's checkout page (`startNow` asked or not). */
  async function subscriber(
    email: string,
    options: { startNow?: string; interval?: string; fields?: Record<string, unknown> } = {},
  ) {
    const user = await verifiedSignUp(server, email, options.fields);
    await root
      .collection("users")
      .update(user.id, { trial_ends: formatDateTime(new Date(Date.now() - 60_000)) });
    const body: Record<string, string> = { interval: options.interval ?? "month" };
    if (options.startNow !== undefined) body.startNow = options.startNow;
    const { url } = await post<{ url: string }>(user.pb, "/api/billing/checkout", body);
    const res = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
    expect(res.status).toBe(303);
    const receipt = await mailArrives(server.dataDir, user.email, /Payment received|Paiement reçu/);
    return { user, receipt, session: url.split("/").pop()! };
  }

  /** Waits for Stripe's deletion of `id` to have been answered, and the mail that follows. */
  async function deletionTold(id: string) {
    await pollUntil(
      () =>
        world.double.state.events.findLast(
          (event) =>
            event.type === "customer.subscription.deleted" &&
            (event.event.data.object as { id: string }).id === id,
        ),
      (event) => event?.status === "delivered",
      () => "customer.subscription.deleted was not delivered",
    );
    await server.app.mailer.idle();
  }

  it("withdraws within 14 days: a full refund at Stripe, the subscription ended now, one acknowledgement", async () => {
    const { user, receipt, session } = await subscriber("full@example.com");
    expect(words(receipt)).toContain("You may withdraw within 14 days of the start for a full refund.");
    expect(words(receipt)).toContain("€4.99 incl. VAT");
    expect(world.double.state.checkout_sessions[session]!.metadata).toMatchObject({
      user: user.id,
      start_now: "false",
      start_now_at: "",
    });
    const terms = await get<WithdrawalInfo>(user.pb, "/api/billing/withdrawal");
    expect(terms).toMatchObject({ open: true, startNow: false, refund: 4.99, paid: 4.99, currency: "eur" });
    expect(parseDateTime(terms.until).getTime() - parseDateTime(terms.startedAt).getTime()).toBe(14 * day);

    const before = await billingAccess(root, user.id);
    const withdrawn = await post<Withdrawal>(user.pb, "/api/billing/withdraw");
    expect(withdrawn).toMatchObject({ refund: 4.99, refundState: "refunded" });
    const refunds = Object.values(world.double.state.refunds).filter((r) => r.metadata.user === user.id);
    expect(refunds.map((r) => r.amount)).toEqual([499]);
    expect(refunds[0]!.reason).toBe("requested_by_customer");
    const id = before.subscription!.subscription;
    expect(world.double.state.subscriptions[id]!.status).toBe("canceled");
    const after = await billingAccess(root, user.id);
    expect(after.view).toMatchObject({ state: "ended", mayStream: false });
    expect(after.field).toBe("inactive");

    const mail = await mailArrives(server.dataDir, user.email, /Your withdrawal/);
    expect(words(mail)).toContain("We received your withdrawal on");
    expect(words(mail)).toContain("UTC");
    expect(words(mail)).toContain("monthly subscription at €4.99 incl. VAT per month, started on");
    expect(words(mail)).toContain("We refunded €4.99 to your card.");
    await deletionTold(id);
    expect(subjects(user.email).filter((s) => /withdrawal|access has ended|Refund/.test(s))).toEqual([
      mail.subject,
    ]);
    const changes = await root
      .collection("user_changes")
      .getFullList({ filter: `user = "${user.id}" && field = "withdrawal"` });
    expect(changes.map((c) => [c.new, c.author])).toEqual([["4.99 EUR, refunded", user.email]]);

    const twice = await rejection(post(user.pb, "/api/billing/withdraw"));
    expect(twice.status).toBe(400);
    expect(twice.response.message).toBe("There is no subscription to withdraw from.");
    expect(await get<WithdrawalInfo>(user.pb, "/api/billing/withdrawal")).toMatchObject({
      open: false,
      until: "",
    });
  });

  it("started at once: the choice is recorded and confirmed, and the refund keeps the days used, to the cent", async () => {
    const { user, receipt, session } = await subscriber("prorata@example.com", { startNow: "true" });
    expect(words(receipt)).toContain("You asked for the service to start at once on");
    const metadata = world.double.state.checkout_sessions[session]!.metadata;
    expect(metadata).toMatchObject({ start_now: "true", start_now_at: expect.stringMatching(/^\d{4}-/) });
    const sub = (await billingAccess(root, user.id)).subscription!;
    expect(world.double.state.subscriptions[sub.subscription]!.metadata).toMatchObject({
      start_now: "true",
      start_now_at: metadata.start_now_at,
    });
    const item = world.double.state.subscriptions[sub.subscription]!.items.data[0]!;
    const periodDays = Math.round((item.current_period_end - item.current_period_start) / 86_400);

    // Three days and an hour later: four days begun.
    vi.useFakeTimers({ now: item.current_period_start * 1000 + 3 * day + 3_600_000, toFake: ["Date"] });
    const expected = Math.round((4.99 - (4.99 * 4) / periodDays) * 100) / 100;
    const terms = await get<WithdrawalInfo>(user.pb, "/api/billing/withdrawal");
    expect(terms).toMatchObject({ open: true, startNow: true, paid: 4.99, refund: expected });
    const withdrawn = await post<Withdrawal>(user.pb, "/api/billing/withdraw");
    expect(withdrawn).toMatchObject({ refund: expected, refundState: "refunded" });
    const refunds = Object.values(world.double.state.refunds).filter((r) => r.metadata.user === user.id);
    expect(refunds.map((r) => r.amount)).toEqual([Math.round(expected * 100)]);
    const record = await user.pb.collection("subscriptions").getFirstListItem(`user = "${user.id}"`);
    expect(record).toMatchObject({ status: "canceled", current_period_end: withdrawn.withdrawnAt });
  });

  it("after 14 days the withdrawal is refused and nothing changes", async () => {
    const { user } = await subscriber("late@example.com");
    vi.useFakeTimers({ now: Date.now() + 14 * day + 60_000, toFake: ["Date"] });
    // Two weeks on, the session has expired: the customer signs in again.
    await user.pb.collection("users").authWithPassword(user.email, fixturePassword);
    expect(await get<WithdrawalInfo>(user.pb, "/api/billing/withdrawal")).toMatchObject({
      open: false,
      refund: 0,
    });
    const late = await rejection(post(user.pb, "/api/billing/withdraw"));
    expect(late.status).toBe(400);
    expect(late.response.message).toBe("The withdrawal period has ended.");
    expect(Object.values(world.double.state.refunds).filter((r) => r.metadata.user === user.id)).toEqual([]);
    vi.useRealTimers();
    const after = await billingAccess(root, user.id);
    expect(after.subscription!.status).toBe("active");
    expect(world.double.state.subscriptions[after.subscription!.subscription]!.status).toBe("active");
  });

  it("one user neither sees nor withdraws another's; without a subscription there is nothing to withdraw", async () => {
    const { user: victim } = await subscriber("victim@example.com");
    const other = await verifiedSignUp(server, "other@example.com");
    expect(await get<WithdrawalInfo>(other.pb, `/api/billing/withdrawal?user=${victim.id}`)).toEqual({
      open: false,
      until: "",
      startNow: false,
      refund: 0,
      paid: 0,
      currency: "eur",
      startedAt: "",
    });
    const refused = await rejection(post(other.pb, "/api/billing/withdraw", { user: victim.id }));
    expect(refused.status).toBe(400);
    expect(refused.response.message).toBe("There is no subscription to withdraw from.");
    expect((await billingAccess(root, victim.id)).view.state).toBe("active");
    const anonymous = await rejection(post(new PocketBase(server.url), "/api/billing/withdraw"));
    expect(anonymous.status).toBe(401);
    // A superuser reads anyone's.
    expect(await get<WithdrawalInfo>(root, `/api/billing/withdrawal?user=${victim.id}`)).toMatchObject({
      open: true,
      refund: 4.99,
      last: null,
    });
  });

  it("a subscription taken during the trial: the order confirmed with its choice; withdrawn, nothing to refund", async () => {
    const user = await verifiedSignUp(server, "trialing@example.com", { locale: "fr" });
    const { url } = await post<{ url: string }>(user.pb, "/api/billing/checkout", {
      interval: "year",
      startNow: "true",
    });
    await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
    const scheduled = await mailArrives(server.dataDir, user.email, /commence le/);
    expect(words(scheduled)).toContain("Vous avez demandé que le service commence immédiatement le");
    expect(words(scheduled)).toContain("49,99\u00a0€ TTC");
    expect(await get<WithdrawalInfo>(user.pb, "/api/billing/withdrawal")).toMatchObject({
      open: true,
      startNow: true,
      paid: 0,
      refund: 0,
    });
    const withdrawn = await post<Withdrawal>(user.pb, "/api/billing/withdraw");
    expect(withdrawn).toMatchObject({ refund: 0, refundState: "none" });
    const mail = await mailArrives(server.dataDir, user.email, /rétractation/);
    expect(words(mail)).toContain("Rien n’a été prélevé");
    // The free trial runs on.
    expect((await billingAccess(root, user.id)).view.state).toBe("trial");
  });

  it("lists the user's own invoices, newest first; a superuser reads anyone's", async () => {
    const { user } = await subscriber("invoices@example.com");
    const other = await verifiedSignUp(server, "no-invoices@example.com");
    const { items } = await get<{ items: Record<string, unknown>[] }>(user.pb, "/api/billing/invoices");
    expect(items).toHaveLength(1);
    expect(items[0]).toEqual({
      id: expect.stringMatching(/^in_/),
      number: expect.stringMatching(/-0001$/),
      created: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/),
      total: 4.99,
      tax: 0,
      currency: "eur",
      status: "paid",
      hostedUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/invoice\/in_/),
      pdfUrl: expect.stringMatching(/\/pdf$/),
    });
    const pdf = await fetch(String(items[0]!.pdfUrl));
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await pdf.text()).startsWith("%PDF-")).toBe(true);
    expect((await fetch(String(items[0]!.hostedUrl))).status).toBe(200);
    expect(await get(other.pb, `/api/billing/invoices?user=${user.id}`)).toEqual({ items: [] });
    expect(await get(root, `/api/billing/invoices?user=${user.id}`)).toEqual({ items });
  });

  it("a startNow that is not true or false is refused", async () => {
    const user = await verifiedSignUp(server, "bad-start@example.com");
    const bad = await rejection(
      post(user.pb, "/api/billing/checkout", { interval: "month", startNow: "yes" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.response.data).toMatchObject({ startNow: { code: "validation_invalid_value" } });
  });
});

describe("Stripe Tax and the yearly renewal's notice", () => {
  let world: StripeWorld;
  let server: TestServer;
  let root: PocketBase;

  beforeAll(async () => {
    world = await startStripeWorld({ tax: true });
    ({ server, root } = world);
  });
  afterAll(() => world.close());

  async function subscriber(email: string, interval: "month" | "year") {
    const user = await verifiedSignUp(server, email);
    await root
      .collection("users")
      .update(user.id, { trial_ends: formatDateTime(new Date(Date.now() - 60_000)) });
    const { url } = await post<{ url: string }>(user.pb, "/api/billing/checkout", { interval });
    await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
    await mailArrives(server.dataDir, user.email, /Payment received/);
    const sub = await root.collection("subscriptions").getFirstListItem<Subscription>(`user = "${user.id}"`);
    return { user, sub, session: world.double.state.checkout_sessions[url.split("/").pop()!]! };
  }

  const notices = (user: SignedUpUser) =>
    mailsTo(server.dataDir, user.email).filter((mail) => /renews on/.test(mail.subject));

  it("STRIPE_TAX on: Checkout computes the tax from a required address and takes a VAT number", async () => {
    const { user, session } = await subscriber("tax@example.com", "month");
    expect(session).toMatchObject({
      automatic_tax: { enabled: true },
      billing_address_collection: "required",
      tax_id_collection: { enabled: true },
      customer_update: null,
    });
    // Paying again with a customer known: its address and name are kept up to date.
    await post(root, "/api/billing/cancel", { user: user.id, when: "now" });
    const { url } = await post<{ url: string }>(user.pb, "/api/billing/checkout", { interval: "month" });
    expect(world.double.state.checkout_sessions[url.split("/").pop()!]).toMatchObject({
      automatic_tax: { enabled: true },
      customer_update: { address: "auto", name: "auto" },
    });
    const { items } = await get<{ items: { tax: number; total: number }[] }>(
      user.pb,
      "/api/billing/invoices",
    );
    expect(items[0]).toMatchObject({ total: 4.99, tax: 0.83 });
  });

  it("a yearly renewal's notice: once, two months ahead; none for monthly or canceling subscriptions", async () => {
    const { user: yearly, sub } = await subscriber("yearly@example.com", "year");
    const { user: monthly, sub: monthlySub } = await subscriber("monthly@example.com", "month");
    const { user: ending, sub: endingSub } = await subscriber("ending@example.com", "year");
    await post(ending.pb, "/api/billing/renewal", { renew: "false" });
    await mailArrives(server.dataDir, ending.email, /ends on/);
    const end = parseDateTime(sub.current_period_end).getTime();

    // Before the window: nothing.
    await server.app.billing.sweep(new Date(end - 60 * day - 8 * day));
    await server.app.mailer.idle();
    expect(notices(yearly)).toEqual([]);
    const report = await server.app.billing.sweep(new Date(end - 60 * day + 3_600_000));
    await server.app.billing.sweep(new Date(end - 60 * day + 2 * 3_600_000));
    await server.app.billing.sweep(new Date(end - 50 * day));
    await server.app.mailer.idle();
    expect(report.renewalNotices).toBeGreaterThanOrEqual(1);
    const [notice, ...more] = notices(yearly);
    expect(more).toEqual([]);
    expect(words(notice!)).toContain("€49.99 incl. VAT will be charged to your card");
    expect(words(notice!)).toContain("http://localhost:8090/cancel-subscription");
    expect(notices(ending)).toEqual([]);
    expect(endingSub.interval).toBe("year");
    // A monthly subscription never gets one, whatever the sweep's time.
    const monthEnd = parseDateTime(monthlySub.current_period_end).getTime();
    await server.app.billing.sweep(new Date(monthEnd - 60 * day + 3_600_000));
    await server.app.mailer.idle();
    expect(notices(monthly)).toEqual([]);
  });
});

describe("withdrawal without Stripe (manual mode)", () => {
  let server: TestServer;
  let root: PocketBase;
  beforeAll(async () => {
    ({ server, root } = await startServerAsRoot());
  });
  afterAll(() => server.close());

  /** A customer whose trial is over, who asked for the paid plan and whose payment the operator recorded. */
  async function paidByHand(email: string, startNow: string, interval: "month" | "year" = "month") {
    const user = await verifiedSignUp(server, email);
    await root
      .collection("users")
      .update(user.id, { trial_ends: formatDateTime(new Date(Date.now() - 60_000)) });
    await post(user.pb, "/api/billing/checkout", { interval, startNow });
    const instructions = await mailArrives(server.dataDir, user.email, /How to pay/);
    await post(root, "/api/billing/mark-paid", {
      user: user.id,
      until: new Date(Date.now() + (interval === "year" ? 365 : 30) * day).toISOString(),
      interval,
    });
    await mailArrives(server.dataDir, user.email, /Payment received/);
    return { user, instructions };
  }

  it("the refund is owed; the operator records it made, and the customer is told", async () => {
    const { user, instructions } = await paidByHand("manual-withdraw@example.com", "false");
    expect(words(instructions)).toContain("You may withdraw within 14 days of the start for a full refund.");
    expect(await get<WithdrawalInfo>(user.pb, "/api/billing/withdrawal")).toMatchObject({
      open: true,
      startNow: false,
      paid: 4.99,
      refund: 4.99,
    });
    const withdrawn = await post<Withdrawal>(user.pb, "/api/billing/withdraw");
    expect(withdrawn).toMatchObject({ refund: 4.99, refundState: "owed" });
    const after = await billingAccess(root, user.id);
    expect(after.subscription!.status).toBe("canceled");
    expect(after.view).toMatchObject({ state: "ended", mayStream: false });
    const mail = await mailArrives(server.dataDir, user.email, /Your withdrawal/);
    expect(words(mail)).toContain("We will refund €4.99 within 14 days, the way you paid.");
    await server.app.billing.sweep();
    await server.app.mailer.idle();
    expect(
      mailsTo(server.dataDir, user.email).filter((m) => /withdrawal|access has ended/.test(m.subject)),
    ).toHaveLength(1);

    const info = await get<WithdrawalInfo & { last: Record<string, unknown> }>(
      root,
      `/api/billing/withdrawal?user=${user.id}`,
    );
    expect(info.last).toMatchObject({
      refund: 4.99,
      refundState: "owed",
      withdrawnAt: withdrawn.withdrawnAt,
    });

    const self = await rejection(post(user.pb, "/api/billing/refund-made", { user: user.id }));
    expect(self.status).toBe(403);
    const made = await post(root, "/api/billing/refund-made", { user: user.id });
    expect(made).toMatchObject({ amount: 4.99, currency: "eur" });
    const refunded = await mailArrives(server.dataDir, user.email, /Refund issued/);
    expect(words(refunded)).toContain("We refunded €4.99 on");
    expect(words(refunded)).toContain("the way you paid");
    const again = await rejection(post(root, "/api/billing/refund-made", { user: user.id }));
    expect(again.status).toBe(400);
    expect(again.response.message).toBe("There is no refund to make.");
    expect(
      (await get<{ last: Record<string, unknown> }>(root, `/api/billing/withdrawal?user=${user.id}`)).last,
    ).toMatchObject({ refundState: "refunded" });
    const changes = await root
      .collection("user_changes")
      .getFullList({ filter: `user = "${user.id}" && field = "refund_made"` });
    expect(changes.map((c) => c.author)).toEqual(["root@example.com"]);
    expect(await get(user.pb, "/api/billing/invoices")).toEqual({ items: [] });
  });

  it("started at once: the instructions confirm it, and the withdrawal reads it", async () => {
    const { user, instructions } = await paidByHand("manual-now@example.com", "true", "year");
    expect(words(instructions)).toContain("You asked for the service to start at once on");
    expect(words(instructions)).toContain("€49.99 incl. VAT per year");
    const terms = await get<WithdrawalInfo>(user.pb, "/api/billing/withdrawal");
    expect(terms).toMatchObject({ open: true, startNow: true, paid: 49.99 });
    // A day begun is used: 49.99 less a 365th of it.
    expect(terms.refund).toBe(Math.round((49.99 - 49.99 / 365) * 100) / 100);
  });

  it("a manual yearly subscription gets its renewal's notice once, saying how to renew by hand", async () => {
    const { user } = await paidByHand("manual-yearly@example.com", "false", "year");
    const sub = await root.collection("subscriptions").getFirstListItem<Subscription>(`user = "${user.id}"`);
    const end = parseDateTime(sub.current_period_end).getTime();
    await server.app.billing.sweep(new Date(end - 60 * day + 3_600_000));
    await server.app.billing.sweep(new Date(end - 59 * day));
    await server.app.mailer.idle();
    const notices = mailsTo(server.dataDir, user.email).filter((m) => /renews on/.test(m.subject));
    expect(notices).toHaveLength(1);
    expect(words(notices[0]!)).toContain("Your yearly subscription is paid until");
  });

  it("only a superuser records a refund made; an unknown user is a 404", async () => {
    const anonymous = await rejection(
      post(new PocketBase(server.url), "/api/billing/refund-made", { user: "x" }),
    );
    expect(anonymous.status).toBe(401);
    const unknown = await rejection(post(root, "/api/billing/refund-made", { user: "nosuchuser00000" }));
    expect(unknown.status).toBe(404);
    const blank = await rejection(post(root, "/api/billing/refund-made", {}));
    expect(blank.status).toBe(400);
  });
});
