import { Hono } from "hono";
import { type Billing, BillingError, SignatureError, UnknownUserError } from "../core/billing/lifecycle.ts";
import type { Interval } from "#shared/billing.ts";
import { validateMarkPaid } from "../forms/billing-forms.ts";
import { ApiError } from "./api-error.ts";
import { type ApiEnv, authOf, bindStrings, isSuperuser, sendJson } from "./context.ts";
import { limitBody, rateLimit, requireAuth, requireSuperuser } from "./middlewares.ts";

// This server's billing endpoints (not PocketBase's: docs/api.md, "Billing"), in PocketBase's
// style and error envelope. Guards are bound per route below.

const validationMessage = "An error occurred while validating the submitted data.";

function intervalOf(value: string): Interval {
  if (value === "month" || value === "year") return value;
  throw new ApiError(400, validationMessage, {
    interval: { code: "validation_invalid_value", message: "Must be month or year." },
  });
}

/** A signed-in user of the `users` collection (a superuser has no plan). */
function requireUser(c: Parameters<typeof authOf>[0]) {
  const auth = authOf(c);
  if (!auth || auth.collection.name !== "users") {
    throw new ApiError(403, "The authorized record is not allowed to perform this action.");
  }
  return String(auth.record.id);
}

/** `/api/billing/*`: the mode, Checkout, the Billing Portal, Stripe's webhook, the operator's manual payments. */
export function billingApi(billing: Billing) {
  return (
    new Hono<ApiEnv>()
      // Public: whether paying goes through Stripe or by the emailed instructions, how many days
      // a failed renewal keeps access, and where customers write.
      .get("/billing/config", rateLimit, (c) =>
        sendJson(c, 200, {
          mode: billing.mode,
          graceDays: billing.graceDays,
          stripeMode: billing.stripeMode,
          supportEmail: billing.supportEmail,
        }),
      )
      // `startNow` ("true", "false" or absent): the service starts within the withdrawal period.
      .post("/billing/checkout", rateLimit, limitBody, requireAuth, async (c) => {
        const userId = requireUser(c);
        const { interval, startNow } = await bindStrings(c, ["interval", "startNow"]);
        if (startNow !== "" && startNow !== "true" && startNow !== "false") {
          throw new ApiError(400, validationMessage, {
            startNow: { code: "validation_invalid_value", message: "Must be true or false." },
          });
        }
        try {
          const url = await billing.checkout(userId, intervalOf(interval), startNow === "true");
          return sendJson(c, 200, { url });
        } catch (error) {
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
      })
      // Manual mode: the pending request's instructions emailed again (PocketBase's way with
      // request-verification: 204 whether or not the per-user guard let one go out).
      .post("/billing/resend-instructions", rateLimit, limitBody, requireAuth, (c) => {
        const userId = requireUser(c);
        try {
          billing.resendInstructions(userId);
        } catch (error) {
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
        return c.body(null, 204);
      })
      // Manual mode: the request for the paid plan withdrawn before paying.
      .post("/billing/withdraw-request", rateLimit, limitBody, requireAuth, (c) => {
        const userId = requireUser(c);
        try {
          billing.withdrawRequest(userId);
        } catch (error) {
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
        return c.body(null, 204);
      })
      // The running subscription renews at its period's end, or not (`renew`: "true" or "false").
      .post("/billing/renewal", rateLimit, limitBody, requireAuth, async (c) => {
        const userId = requireUser(c);
        const { renew } = await bindStrings(c, ["renew"]);
        if (renew !== "true" && renew !== "false") {
          throw new ApiError(400, validationMessage, {
            renew: { code: "validation_invalid_value", message: "Must be true or false." },
          });
        }
        try {
          await billing.setRenewal(userId, renew === "true");
        } catch (error) {
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
        return c.body(null, 204);
      })
      .post("/billing/portal", rateLimit, limitBody, requireAuth, async (c) => {
        const userId = requireUser(c);
        try {
          return sendJson(c, 200, { url: await billing.portal(userId) });
        } catch (error) {
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
      })
      // Stripe's: the signature is checked on the raw body. 2xx once stored (or known, or
      // ignored), 400 for a bad or stale signature, 500 when storing (or reading the subscription
      // from Stripe) failed: Stripe retries that, as it does a 429 of the rate limit.
      .post("/billing/webhook", rateLimit, limitBody, async (c) => {
        const raw = await c.req.text();
        let event;
        try {
          event = billing.verify(raw, c.req.header("stripe-signature") ?? "");
        } catch (error) {
          if (error instanceof SignatureError) throw new ApiError(400, "Invalid webhook signature.");
          throw error;
        }
        const outcome = await billing.applyEvent(event);
        return sendJson(c, 200, { received: true, outcome });
      })
      // The right of withdrawal: what withdrawing would be now, for the signed-in user or (a
      // superuser) `?user=`, with (superusers) the user's last withdrawal and its refund.
      .get("/billing/withdrawal", rateLimit, requireAuth, async (c) => {
        if (isSuperuser(c)) {
          const userId = c.req.query("user") ?? "";
          return sendJson(c, 200, {
            ...(await billing.withdrawalTerms(userId)),
            last: billing.lastWithdrawal(userId),
          });
        }
        return sendJson(c, 200, await billing.withdrawalTerms(requireUser(c)));
      })
      // The signed-in user withdraws within 14 days: refunded (or owed), the subscription ended now.
      .post("/billing/withdraw", rateLimit, limitBody, requireAuth, async (c) => {
        const userId = requireUser(c);
        try {
          return sendJson(c, 200, await billing.withdraw(userId));
        } catch (error) {
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
      })
      // The operator: the refund a withdrawal owed (manual mode) was made by hand.
      .post("/billing/refund-made", rateLimit, limitBody, requireSuperuser, async (c) => {
        const { user } = await bindStrings(c, ["user"]);
        if (!user) {
          throw new ApiError(400, validationMessage, {
            user: { code: "validation_required", message: "Cannot be blank." },
          });
        }
        try {
          return sendJson(c, 200, billing.refundMade(user, String(authOf(c)!.record.email)));
        } catch (error) {
          if (error instanceof UnknownUserError) throw new ApiError(404);
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
      })
      // The invoices of the signed-in user's Stripe customer (or, a superuser, `?user=`'s).
      .get("/billing/invoices", rateLimit, requireAuth, async (c) => {
        const userId = isSuperuser(c) ? (c.req.query("user") ?? "") : requireUser(c);
        return sendJson(c, 200, { items: await billing.invoices(userId) });
      })
      // The admin page (users with `admin`) and superusers: how the business stands.
      .get("/billing/stats", rateLimit, requireAuth, async (c) => {
        const auth = authOf(c)!;
        if (!isSuperuser(c) && auth.record.admin !== true) {
          throw new ApiError(403, "The authorized record is not allowed to perform this action.");
        }
        return sendJson(c, 200, await billing.stats());
      })
      // The receipts of payments recorded by hand: the signed-in user's, or (a superuser) `?user=`'s.
      .get("/billing/receipts", rateLimit, requireAuth, (c) => {
        const userId = isSuperuser(c) ? (c.req.query("user") ?? "") : requireUser(c);
        const items = billing.receipts(userId).map(({ seller: _seller, user: _user, ...receipt }) => receipt);
        return sendJson(c, 200, { items });
      })
      // One receipt as a PDF, in `?lang=` (en, fr) or the owner's language; 404 for anyone else's.
      .get("/billing/receipts/:number", rateLimit, requireAuth, async (c) => {
        const number = Number(c.req.param("number"));
        const userId = isSuperuser(c) ? null : requireUser(c);
        const lang = c.req.query("lang");
        const locale = lang === "fr" || lang === "en" ? lang : undefined;
        const found =
          Number.isSafeInteger(number) && number > 0 && (await billing.receiptPdf(number, userId, locale));
        if (!found) throw new ApiError(404);
        return c.body(Buffer.from(found.pdf), 200, {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${found.fileName}"`,
          "Cache-Control": "private, no-store",
        });
      })
      // The operator: the user's subscription canceled now or at its period's end.
      .post("/billing/cancel", rateLimit, limitBody, requireSuperuser, async (c) => {
        const { user, when } = await bindStrings(c, ["user", "when"]);
        const errors: Record<string, { code: string; message: string }> = {};
        if (!user) errors.user = { code: "validation_required", message: "Cannot be blank." };
        if (when !== "now" && when !== "period_end") {
          errors.when = { code: "validation_invalid_value", message: "Must be now or period_end." };
        }
        if (Object.keys(errors).length > 0) throw new ApiError(400, validationMessage, errors);
        try {
          const by = String(authOf(c)!.record.email);
          return sendJson(c, 200, await billing.cancelByOperator(user, when as "now" | "period_end", by));
        } catch (error) {
          if (error instanceof UnknownUserError) throw new ApiError(404);
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
      })
      // The operator: the last card payment of the user's subscription refunded.
      .post("/billing/refund", rateLimit, limitBody, requireSuperuser, async (c) => {
        const { user } = await bindStrings(c, ["user"]);
        if (!user) {
          throw new ApiError(400, validationMessage, {
            user: { code: "validation_required", message: "Cannot be blank." },
          });
        }
        try {
          const by = String(authOf(c)!.record.email);
          return sendJson(c, 200, await billing.refundLastPayment(user, by));
        } catch (error) {
          if (error instanceof UnknownUserError) throw new ApiError(404);
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
      })
      // The operator: a payment made outside Stripe, recorded until a date.
      .post("/billing/mark-paid", rateLimit, limitBody, requireSuperuser, async (c) => {
        const form = validateMarkPaid(await bindStrings(c, ["user", "until", "interval"]), new Date());
        if (form.errors) throw new ApiError(400, validationMessage, form.errors);
        const { user, until, interval } = form.value;
        try {
          const by = String(authOf(c)!.record.email);
          return sendJson(c, 200, billing.markPaid(user, until, interval, by));
        } catch (error) {
          if (error instanceof UnknownUserError) throw new ApiError(404);
          if (error instanceof BillingError) throw new ApiError(400, error.message);
          throw error;
        }
      })
  );
}
