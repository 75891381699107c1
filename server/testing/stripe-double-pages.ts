import type {
  CheckoutSession,
  Customer,
  Invoice,
  PortalSession,
  Price,
  Subscription,
} from "./stripe-double-types.ts";

// The Stripe test double's hosted pages: plain HTML, real forms, no script. They say plainly that
// they are a test double, and show the locale the session was created with, since they do not
// translate. Button and link names are what end-to-end tests click: "Pay", "Cancel",
// "Cancel subscription", "Renew subscription", "Switch to yearly" / "Switch to monthly",
// "Update payment method", "Return to Lumen".

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const money = new Intl.NumberFormat("en", { style: "currency", currency: "EUR" });
const day = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

function amount(cents: number): string {
  return money.format(cents / 100);
}

function date(seconds: number): string {
  return day.format(new Date(seconds * 1000));
}

function plan(price: Price): string {
  return `Lumen, ${price.recurring.interval === "month" ? "monthly" : "yearly"}`;
}

function perInterval(price: Price): string {
  return `${amount(price.unit_amount)} per ${price.recurring.interval}`;
}

function rows(entries: [string, string][]): string {
  return `<dl>${entries.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>`;
}

function form(action: string, label: string, hidden: Record<string, string> = {}): string {
  const inputs = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return `<form method="post" action="${escapeHtml(action)}">${inputs}<button type="submit">${escapeHtml(label)}</button></form>`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Stripe test double</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #111; background: #fff; margin: 0; }
header { background: #fff3cd; border-bottom: 1px solid #8a6d00; padding: 0.5rem 1rem; }
main { max-width: 36rem; margin: 0 auto; padding: 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
form { display: inline-block; margin: 0 0.5rem 0.5rem 0; }
button { font: inherit; padding: 0.4rem 1rem; }
section { border-top: 1px solid #ccc; margin-top: 1rem; }
</style>
</head>
<body>
<header><p><strong>Stripe test double</strong>: a stand-in for Stripe in tests. No real payment is made here.</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The hosted checkout page of an open session: the plan, the amount, "Pay" and "Cancel". */
export function checkoutPage(
  session: CheckoutSession,
  price: Price,
  trialEnd: number | null,
  email: string | null,
): string {
  const locale = `<p>Locale: ${escapeHtml(session.locale ?? "auto")}</p>`;
  if (session.status !== "open") {
    return page(
      "Checkout",
      `<h1>Checkout complete</h1><p>This checkout session was already paid.</p>${locale}`,
    );
  }
  const details: [string, string][] = [
    ["Plan", plan(price)],
    ["Amount", perInterval(price)],
  ];
  if (trialEnd !== null) details.push(["Free trial", `until ${date(trialEnd)}`]);
  details.push(["Due today", amount(session.amount_total)]);
  if (email) details.push(["Email", email]);
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : "";
  return page(
    "Checkout",
    `<h1>Subscribe to Lumen</h1>${rows(details)}${locale}${form(`/checkout/${session.id}/pay`, "Pay")}${cancel}`,
  );
}

function subscriptionSection(subscription: Subscription, portal: PortalSession, prices: Price[]): string {
  const item = subscription.items.data[0]!;
  const details: [string, string][] = [
    ["Status", subscription.status],
    ["Amount", perInterval(item.price)],
  ];
  const ended = subscription.status === "canceled" || subscription.status === "incomplete_expired";
  if (ended) details.push(["Ended on", date(subscription.ended_at ?? item.current_period_end)]);
  else if (subscription.cancel_at_period_end) details.push(["Ends on", date(item.current_period_end)]);
  else if (subscription.status === "trialing") details.push(["Trial ends on", date(item.current_period_end)]);
  else details.push(["Renews on", date(item.current_period_end)]);
  let actions = "";
  if (!ended) {
    const hidden = { subscription: subscription.id };
    actions += subscription.cancel_at_period_end
      ? form(`/portal/${portal.id}/renew`, "Renew subscription", hidden)
      : form(`/portal/${portal.id}/cancel`, "Cancel subscription", hidden);
    for (const price of prices) {
      if (price.recurring.interval === item.price.recurring.interval) continue;
      const label = `Switch to ${price.recurring.interval === "month" ? "monthly" : "yearly"}`;
      actions += form(`/portal/${portal.id}/switch`, label, { ...hidden, price: price.id });
    }
  }
  const heading = `sub-${subscription.id}`;
  return `<section aria-labelledby="${heading}"><h2 id="${heading}">${escapeHtml(plan(item.price))}</h2>${rows(details)}${actions}</section>`;
}

/** The billing portal of one customer: each subscription with its actions, the card, the way back. */
export function portalPage(input: {
  portal: PortalSession;
  customer: Customer;
  subscriptions: Subscription[];
  cardFails: boolean;
  prices: Price[];
}): string {
  const { portal, customer, subscriptions, cardFails, prices } = input;
  const list = subscriptions.length
    ? subscriptions.map((subscription) => subscriptionSection(subscription, portal, prices)).join("")
    : "<p>No subscriptions.</p>";
  const card = `<section aria-labelledby="card"><h2 id="card">Payment method</h2><p>Test card: ${
    cardFails ? "charges fail" : "charges succeed"
  }.</p>${form(`/portal/${portal.id}/payment-method`, "Update payment method")}</section>`;
  const back = portal.return_url
    ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Lumen</a></p>`
    : "";
  return page(
    "Billing",
    `<h1>Manage your Lumen subscription</h1>${rows([["Customer", customer.email ?? customer.id]])}<p>Locale: ${escapeHtml(
      portal.locale ?? "auto",
    )}</p>${list}${card}${back}`,
  );
}

/** An invoice's hosted page: amount, status, period. */
export function invoicePage(invoice: Invoice): string {
  const line = invoice.lines.data[0];
  const details: [string, string][] = [
    ["Status", invoice.status],
    ["Amount due", amount(invoice.amount_due)],
    ["Amount paid", amount(invoice.amount_paid)],
  ];
  if (line) details.push(["Period", `${date(line.period.start)} – ${date(line.period.end)}`]);
  return page("Invoice", `<h1>Invoice ${escapeHtml(invoice.id)}</h1>${rows(details)}`);
}

/** A page with a heading and one sentence, for what cannot be shown or done. */
export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
