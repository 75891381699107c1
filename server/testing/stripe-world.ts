import type PocketBase from "pocketbase";
import Stripe from "stripe";
import { startServerAsRoot, type TestServer } from "./start-server.ts";
import { startStripeDouble } from "./stripe-double.ts";
import type { StripeDouble } from "./stripe-double-types.ts";

// A server in Stripe mode against the Stripe test double, its webhook pointed at the server, and
// the official SDK pointed at the double (the billing tests' common ground).

/** The webhook signing secret the double signs with and the server checks. */
export const testWebhookSecret = "whsec_billing_test";

/** The server's Stripe configuration against the double at `apiBase` (`tax`: `STRIPE_TAX=on`). */
export const testStripeConfig = (apiBase: string, secretKey = "sk_test_lumen", tax = false) => ({
  secretKey,
  webhookSecret: testWebhookSecret,
  prices: { month: "price_monthly_test", year: "price_yearly_test" },
  apiBase,
  tax,
});

export type StripeWorld = {
  double: StripeDouble;
  server: TestServer;
  /** A superuser's client. */
  root: PocketBase;
  /** The official SDK, talking to the double. */
  stripe: Stripe;
  close: () => Promise<void>;
};

/** Starts the double (webhooks retried quickly) and a server using it, as root (`tax`: Stripe Tax on). */
export async function startStripeWorld(options: { tax?: boolean } = {}): Promise<StripeWorld> {
  const double = await startStripeDouble({ retryDelaysMs: [50, 100] });
  const { server, root } = await startServerAsRoot({
    stripe: testStripeConfig(double.url, "sk_test_lumen", options.tax ?? false),
  });
  double.setWebhook({ url: `${server.url}/api/billing/webhook`, secret: testWebhookSecret });
  const url = new URL(double.url);
  const stripe = new Stripe("sk_test_lumen", {
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
  });
  return {
    double,
    server,
    root,
    stripe,
    close: async () => {
      await server.close();
      await double.close();
    },
  };
}
