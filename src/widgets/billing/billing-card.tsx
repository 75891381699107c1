import { Plural, Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import enInstructions from "#content/en/payment-instructions.md?raw";
import frInstructions from "#content/fr/payment-instructions.md?raw";
import { formatDate, formatPrice } from "#shared/format.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { paymentInstructions, paymentPeriod } from "#shared/payment-instructions.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import type { BillingConfig } from "#src/auth/billing.ts";
import {
  defaultGraceDays,
  type Interval,
  paidPrice,
  type Subscription,
  trialKeptAboveMs,
} from "#shared/billing.ts";
import { parseDateTime } from "#shared/datetime.ts";
import {
  planState,
  planStatusBadges,
  planStatusLabels,
  subscriptionOf,
  type PlanState,
} from "#src/auth/plan-status.ts";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { useNow } from "#src/lib/use-now.ts";
import { cn } from "#src/lib/cn.ts";
import { Badge } from "#src/ui/badge.tsx";
import { Button } from "#src/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#src/ui/card.tsx";
import { ConfirmDialog } from "#src/ui/confirm-dialog.tsx";
import { CopyButton } from "#src/ui/copy-button.tsx";
import { Separator } from "#src/ui/separator.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { Spinner } from "#src/ui/spinner.tsx";
import { SendAgainIn } from "../auth/send-again-in.tsx";
import { resendCooldownSeconds, useCountdown } from "../auth/use-countdown.ts";
import { PlanLine } from "./plan-line.tsx";
import { type ReceiptActions, Receipts } from "./receipts.tsx";
import { type InvoiceActions, Invoices } from "./invoices.tsx";
import { type FirstPayment, OrderButtonText, OrderSummary } from "./order-step.tsx";
import { type WithdrawalActions, WithdrawalSection } from "./withdrawal.tsx";

/**
 * How the visitor came back to the account page: from Stripe Checkout (`success`, `canceled`),
 * from choosing the paid plan in manual mode (`manual`: the instructions were emailed), or from a
 * sign-up whose payment could not start (`failed`).
 */
export type CheckoutReturn = "success" | "canceled" | "manual" | "failed";

/** What the plan card can do; the route binds them to the API, stories to fakes. */
export type BillingActions = {
  /** The billing mode and the dunning grace (`GET /api/billing/config`). */
  loadMode: () => Promise<ActionResult<BillingConfig>>;
  /**
   * The URL to pay at for an interval: Stripe Checkout, or (manual) the account page. `startNow`:
   * the customer asked the service to start within the withdrawal period (the order step's box).
   */
  checkout: (interval: Interval, startNow?: boolean) => Promise<ActionResult<string>>;
  /** The URL of the user's Stripe Billing Portal. */
  portal: () => Promise<ActionResult<string>>;
  /** Manual mode: the payment instructions emailed again. */
  resendInstructions: () => Promise<ActionResult<unknown>>;
  /** Manual mode: the request for the paid plan withdrawn while its payment is awaited. */
  withdrawRequest: () => Promise<ActionResult<unknown>>;
  /** The running subscription (Stripe or manual) renews at its period's end, or not. */
  setRenewal: (renew: boolean) => Promise<ActionResult<unknown>>;
  /** The subscription as the server has it now (polled back from Checkout). */
  loadSubscription: () => Promise<ActionResult<Subscription | null>>;
  /** Brings the session's record in line once a payment landed (the header's badge follows). */
  refreshAccount: () => Promise<ActionResult<unknown>>;
} & ReceiptActions &
  InvoiceActions &
  WithdrawalActions;

/** Back from Checkout, the subscription is asked for every `intervalMs`, at most `attempts` times. */
export type ConfirmPolling = { intervalMs: number; attempts: number };

/** Every second for 20 seconds: the webhook usually lands within a few. */
export const defaultConfirmPolling: ConfirmPolling = { intervalMs: 1000, attempts: 20 };

export type BillingCardProps = {
  user: AuthUser;
  actions: BillingActions;
  /** Read from the address by the page (which then removes it). */
  checkoutReturn?: CheckoutReturn | null;
  /** Goes to a payment page (Checkout, the portal); the browser's location by default. */
  onLeave?: (url: string) => void;
  confirmPolling?: ConfirmPolling;
};

const instructionFiles: Record<Locale, string> = { en: enInstructions, fr: frInstructions };

const landed = (sub: Subscription | null | undefined) =>
  sub?.status === "active" || sub?.status === "trialing";

type Confirmation = "confirming" | "confirmed" | "pending";

/**
 * Back from Checkout: the success URL grants nothing
 * (docs/decisions/034-stripe-is-the-source-of-truth.md), so the subscription is polled until the
 * webhook has made it active (or trialing: taken during the trial, charged when it ends), or the
 * polling gives up.
 */
function usePaymentConfirmation(
  active: boolean,
  initial: Subscription | null,
  actions: BillingActions,
  polling: ConfirmPolling,
) {
  const [phase, setPhase] = React.useState<Confirmation | null>(active ? "confirming" : null);
  const [polled, setPolled] = React.useState<Subscription | null | undefined>(undefined);
  React.useEffect(() => {
    if (!active) return;
    if (landed(initial)) {
      setPhase("confirmed");
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const poll = async () => {
      attempts += 1;
      const result = await actions.loadSubscription();
      if (stopped) return;
      if (result.success && landed(result.data)) {
        setPolled(result.data);
        setPhase("confirmed");
        void actions.refreshAccount();
      } else if (attempts >= polling.attempts) {
        setPhase("pending");
      } else {
        timer = setTimeout(() => void poll(), polling.intervalMs);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Once per visit back from Checkout.
  }, [active]);
  return { phase, polled };
}

/** The billing configuration; `undefined` while it loads, `null` when it could not be known. */
export function useBillingConfig(loadMode: BillingActions["loadMode"]) {
  const [config, setConfig] = React.useState<BillingConfig | null | undefined>(undefined);
  React.useEffect(() => {
    let active = true;
    void loadMode().then((result) => {
      if (active) setConfig(result.success ? result.data : null);
    });
    return () => {
      active = false;
    };
    // Once per page: it is the server's configuration.
  }, []);
  return config;
}

const day = 24 * 60 * 60 * 1000;

/**
 * When the first payment of an order made now falls: manual mode pays by the instructions; Stripe
 * keeps a trial with more than `trialKeptAboveMs` left and charges at its end, or charges now.
 */
function firstPayment(trialEnds: string, mode: BillingConfig["mode"] | null, now: Date): FirstPayment {
  if (mode === "manual") return { kind: "instructions" };
  const end = trialEnds ? parseDateTime(trialEnds).getTime() : Number.NaN;
  return end - now.getTime() > trialKeptAboveMs ? { kind: "trial-end", date: trialEnds } : { kind: "now" };
}

function Notice({
  tone,
  role = "status",
  children,
}: {
  tone: "info" | "warning";
  role?: "status" | "alert";
  children: React.ReactNode;
}) {
  return (
    <div
      role={role}
      data-slot="billing-notice"
      className={
        tone === "warning"
          ? "rounded-md border border-warning/50 bg-warning/10 px-3 py-2.5 text-sm"
          : "rounded-md border border-border bg-muted/40 px-3 py-2.5 text-sm"
      }
    >
      {children}
    </div>
  );
}

function CheckoutNotice({
  from,
  phase,
  subscription,
}: {
  from: CheckoutReturn;
  phase: Confirmation | null;
  /** The subscription as it is now: once confirmed, the one that landed. */
  subscription: Subscription | null;
}) {
  const { t } = useLingui();
  if (from === "success") {
    if (phase === "confirmed") {
      // A subscription taken during the trial is charged when it ends: nothing is paid yet (the
      // card's next line says when it starts).
      if (subscription?.status === "trialing") {
        return (
          <FormSuccess show>
            <Trans>Your subscription is set up.</Trans>
          </FormSuccess>
        );
      }
      return (
        <FormSuccess show>
          <Trans>Payment received: your subscription is active.</Trans>
        </FormSuccess>
      );
    }
    if (phase === "pending") {
      return (
        <Notice tone="info">
          <Trans>
            Your payment is being confirmed. This can take a few minutes: we will email you as soon as it is
            done.
          </Trans>
        </Notice>
      );
    }
    return (
      <div className="rounded-md border border-border bg-muted/40 px-3 py-2.5">
        <Spinner size="sm" showLabel label={t`Confirming your payment…`} />
      </div>
    );
  }
  if (from === "canceled") {
    return (
      <Notice tone="info">
        <Trans>Payment canceled: nothing was charged.</Trans>
      </Notice>
    );
  }
  if (from === "manual") {
    return (
      <Notice tone="info">
        <Trans>We have emailed you the payment instructions. You will find them below too.</Trans>
      </Notice>
    );
  }
  return (
    <Notice tone="warning" role="alert">
      <Trans>Your account is ready, but the payment could not start. Please try again below.</Trans>
    </Notice>
  );
}

/** What the state says, in sentences; `support`: where customers write, named in manual mode's instructions. */
function StateText({ state, email, support }: { state: PlanState; email: string; support: string }) {
  const locale = useLocale();
  const dateOf = (value: string) => formatDate(value, locale);
  switch (state.status) {
    case "trial": {
      const end = dateOf(state.trialEnds);
      const days = state.daysLeft;
      const daysLeft = (
        <strong className="font-medium">
          <Plural value={days} one="# day left." other="# days left." />
        </strong>
      );
      // Streaming on the trial waits for the address to be verified.
      return state.verified ? (
        <p>
          <Trans>Your free trial ends on {end}.</Trans> {daysLeft}
        </p>
      ) : (
        <p>
          <Trans>Verify your email address to start streaming. Your free trial ends on {end}.</Trans>{" "}
          {daysLeft}
        </p>
      );
    }
    case "scheduled": {
      const date = dateOf(state.startsOn);
      return (
        <p>
          <Trans>
            Your subscription starts on {date}, when your trial ends; nothing is charged until then.
          </Trans>
        </p>
      );
    }
    case "paid": {
      if (state.periodEnd === "") return null;
      const end = dateOf(state.periodEnd);
      return (
        <p>
          {state.renewal === "renews" ? <Trans>Renews on {end}.</Trans> : <Trans>Paid until {end}.</Trans>}
        </p>
      );
    }
    case "canceling": {
      const end = dateOf(state.endsOn);
      return (
        <p>
          <Trans>Ends on {end}: it will not renew. You keep your access until then.</Trans>
        </p>
      );
    }
    case "past-due": {
      const date = dateOf(state.accessUntil);
      return (
        <Notice tone="warning">
          <Trans>
            Your last payment failed. Your access goes on until {date} unless the payment goes through: update
            your payment method.
          </Trans>
        </Notice>
      );
    }
    case "awaiting-payment": {
      const trialEnd = state.trialEnds ? dateOf(state.trialEnds) : null;
      return (
        <>
          {state.instructions ? (
            <Instructions interval={state.interval} email={email} support={support} />
          ) : (
            <p>
              <Trans>Your payment is not complete yet.</Trans>
            </p>
          )}
          {trialEnd ? (
            <p className="text-muted-foreground">
              <Trans>Your free trial goes on until {trialEnd} meanwhile.</Trans>
            </p>
          ) : null}
        </>
      );
    }
    case "ended": {
      const end = state.endedOn ? dateOf(state.endedOn) : null;
      return (
        <>
          <p>
            {state.after === "no-trial" ? (
              <Trans>
                You already had a free trial with this address, so this account starts without one. Choose the
                paid plan to start streaming.
              </Trans>
            ) : state.after === "subscription" ? (
              end ? (
                <Trans>Your subscription ended on {end}.</Trans>
              ) : (
                <Trans>Your subscription has ended.</Trans>
              )
            ) : end ? (
              <Trans>Your free trial ended on {end}.</Trans>
            ) : (
              <Trans>Your free trial has ended.</Trans>
            )}
          </p>
          <p className="text-muted-foreground">
            {state.after === "subscription" ? (
              <Trans>Your Stremio credentials are paused until you subscribe again.</Trans>
            ) : (
              <Trans>Your Stremio credentials work as soon as you subscribe.</Trans>
            )}
          </p>
        </>
      );
    }
  }
}

/**
 * Manual mode: the operator's instructions (content/), filled in as the server's email fills them,
 * then the account and the reference on lines of their own, each whole on a phone, the IBAN and the
 * reference with a copy button.
 */
function Instructions({ interval, email, support }: { interval: Interval; email: string; support: string }) {
  const locale = useLocale();
  const { t } = useLingui();
  const { title, paragraphs, account } = paymentInstructions(instructionFiles[locale], {
    amount: formatPrice(paidPrice(interval), locale),
    period: paymentPeriod(interval, locale),
    reference: email,
    support,
  });
  // What is typed again in a bank app is in a fixed-width face: 0 and O never mixed up.
  const details = [
    { key: "holder", label: t`Account holder`, value: account.holder, typed: false },
    { key: "iban", label: t`IBAN`, value: account.iban, typed: true, copy: account.iban.replace(/ /g, "") },
    { key: "bic", label: t`BIC`, value: account.bic, typed: true },
    { key: "reference", label: t`Reference`, value: email, typed: true, copy: email },
  ].filter((detail) => detail.value);
  const copyLabels: Record<string, string> = { iban: t`Copy the IBAN`, reference: t`Copy the reference` };
  const [first, ...rest] = paragraphs;
  const paragraph = (text: string) => (
    <p key={text} className="break-words">
      {text}
    </p>
  );
  // The first paragraph says how to pay, the account follows it, then the rest of the operator's words.
  return (
    <section data-slot="payment-instructions" className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      {first ? paragraph(first) : null}
      <dl data-slot="bank-account" className="grid gap-3 border-l-2 border-border pl-3">
        {details.map(({ key, label, value, typed, copy }) => (
          <div key={key} data-slot={`bank-${key}`} className="grid min-w-0 gap-0.5">
            <dt className="flex min-h-9 items-center justify-between gap-2 text-muted-foreground">
              {label}
              {copy ? <CopyButton value={copy} aria-label={copyLabels[key]} size="icon-sm" /> : null}
            </dt>
            {/* The card's full width: it wraps between groups of four, never inside one. */}
            <dd className={cn("min-w-0 overflow-x-auto break-normal", typed && "font-mono")}>{value}</dd>
          </div>
        ))}
      </dl>
      {rest.map(paragraph)}
    </section>
  );
}

const checkoutWords = {
  trial: {
    month: (price: string) => <Trans>Upgrade monthly ({price} incl. VAT/month)</Trans>,
    year: (price: string) => <Trans>Upgrade yearly ({price} incl. VAT/year)</Trans>,
  },
  "awaiting-payment": {
    month: (price: string) => <Trans>Pay monthly ({price} incl. VAT/month)</Trans>,
    year: (price: string) => <Trans>Pay yearly ({price} incl. VAT/year)</Trans>,
  },
  /** Ended after the trial, or without one: the first subscription. */
  subscribe: {
    month: (price: string) => <Trans>Subscribe monthly ({price} incl. VAT/month)</Trans>,
    year: (price: string) => <Trans>Subscribe yearly ({price} incl. VAT/year)</Trans>,
  },
  /** Ended after a subscription: another one. */
  resubscribe: {
    month: (price: string) => <Trans>Resubscribe monthly ({price} incl. VAT/month)</Trans>,
    year: (price: string) => <Trans>Resubscribe yearly ({price} incl. VAT/year)</Trans>,
  },
};

const row = "flex flex-col gap-3 sm:flex-row sm:flex-wrap";

/**
 * Manual mode, awaiting payment: the instructions emailed again. The server sends them once every
 * 2 minutes at most, so the button waits as long after each request.
 */
function ResendInstructions({
  resend,
  children,
}: {
  resend: BillingActions["resendInstructions"];
  /** The request's other buttons, in the same row. */
  children?: React.ReactNode;
}) {
  const [state, run] = useAction(resend);
  const [cooldown, start] = useCountdown();
  return (
    <div className="flex flex-col gap-3">
      <div className={row}>
        <Button
          variant="outline"
          pending={state.status === "submitting"}
          unavailable={cooldown > 0}
          onClick={async () => {
            if ((await run())?.success) start(resendCooldownSeconds);
          }}
        >
          {cooldown > 0 ? <SendAgainIn seconds={cooldown} /> : <Trans>Email the instructions again</Trans>}
        </Button>
        {children}
      </div>
      <FormSuccess show={state.status === "success"}>
        <Trans>The instructions are on their way to your inbox.</Trans>
      </FormSuccess>
      <FormAlert status={state.status} message={state.message} />
    </div>
  );
}

/**
 * A change made on the card, without leaving the page: the awaited request switched to the other
 * interval (manual mode; a new order, placed through the order step with its own start-at-once
 * choice), withdrawn, or the running subscription renewing or not.
 */
type PlanChange =
  | { kind: "switch"; interval: Interval; startNow: boolean }
  | { kind: "withdraw" }
  | { kind: "renewal"; renew: boolean };

const sameChange = (a: PlanChange | null, b: PlanChange) =>
  a !== null &&
  a.kind === b.kind &&
  (a.kind !== "switch" || b.kind !== "switch" || a.interval === b.interval) &&
  (a.kind !== "renewal" || b.kind !== "renewal" || a.renew === b.renew);

const switchWords = {
  month: (price: string) => <Trans>Switch to monthly ({price} incl. VAT/month)</Trans>,
  year: (price: string) => <Trans>Switch to yearly ({price} incl. VAT/year)</Trans>,
};

/** What the card says once a change went through (the card itself shows the new state). */
function ChangeDone({ change }: { change: PlanChange }) {
  switch (change.kind) {
    case "switch":
      return <Trans>Done: the new instructions are on their way to your inbox.</Trans>;
    case "withdraw":
      return <Trans>Your request is withdrawn.</Trans>;
    case "renewal":
      return change.renew ? (
        <Trans>Done: your subscription goes on.</Trans>
      ) : (
        <Trans>Done: your subscription will not renew.</Trans>
      );
  }
}

/** The card's buttons for a state: Checkout monthly or yearly, the Billing Portal, or (manual) the instructions again. */
function StateActions({
  state,
  busy,
  changing,
  renewable,
  onCheckout,
  onPortal,
  onChange,
  resendInstructions,
}: {
  state: PlanState;
  /** The button whose request runs (it stays pending while the browser leaves). */
  busy: Interval | "portal" | null;
  /** The change whose request runs (its button stays pending until the account is refreshed). */
  changing: PlanChange | null;
  /** Ending, the subscription can still be kept (cancelled at its period's end, not ended early). */
  renewable: boolean;
  onCheckout: (interval: Interval) => void;
  onPortal: () => void;
  onChange: (change: PlanChange) => void;
  resendInstructions: BillingActions["resendInstructions"];
}) {
  const locale = useLocale();
  const inert = busy !== null || changing !== null;
  /** A change's button: pending while it runs, ignored while another request runs. */
  const changeButton = (change: PlanChange) => ({
    pending: sameChange(changing, change),
    unavailable: inert && !sameChange(changing, change),
  });
  if (state.status === "trial" || state.status === "ended" || state.status === "awaiting-payment") {
    if (state.status === "awaiting-payment" && state.instructions) {
      const other = state.interval === "month" ? "year" : "month";
      // Pending while it runs (whatever was chosen in the order step).
      const switching: PlanChange = { kind: "switch", interval: other, startNow: false };
      const withdrawing: PlanChange = { kind: "withdraw" };
      return (
        <ResendInstructions resend={resendInstructions}>
          <Button variant="outline" {...changeButton(switching)} onClick={() => onCheckout(other)}>
            {switchWords[other](formatPrice(paidPrice(other), locale))}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" {...changeButton(withdrawing)}>
                <Trans>Withdraw my request</Trans>
              </Button>
            }
            title={<Trans>Withdraw your request for the paid plan?</Trans>}
            description={<Trans>Nothing has been paid, so nothing is owed.</Trans>}
            confirm={<Trans>Withdraw my request</Trans>}
            onConfirm={() => onChange(withdrawing)}
          />
        </ResendInstructions>
      );
    }
    const words =
      state.status !== "ended"
        ? checkoutWords[state.status]
        : state.after === "subscription"
          ? checkoutWords.resubscribe
          : checkoutWords.subscribe;
    return (
      <div className={row}>
        {(["month", "year"] as const).map((interval) => (
          <Button
            key={interval}
            variant={interval === "year" ? "default" : "outline"}
            pending={busy === interval}
            unavailable={inert && busy !== interval}
            onClick={() => onCheckout(interval)}
          >
            {words[interval](formatPrice(paidPrice(interval), locale))}
          </Button>
        ))}
      </div>
    );
  }
  // Manual mode: a paid period the operator recorded renews unless the user says not to.
  const date =
    state.status === "paid" && state.renewal === "paid-until" && state.periodEnd !== ""
      ? formatDate(state.periodEnd, locale)
      : null;
  const stopRenewing: PlanChange | null = date !== null ? { kind: "renewal", renew: false } : null;
  const keep: PlanChange | null =
    state.status === "canceling" && renewable ? { kind: "renewal", renew: true } : null;
  if (!state.portal && !stopRenewing && !keep) return null;
  return (
    <div className={row}>
      {keep ? (
        <Button {...changeButton(keep)} onClick={() => onChange(keep)}>
          <Trans>Keep my subscription</Trans>
        </Button>
      ) : null}
      {state.portal ? (
        <Button
          variant={state.status === "past-due" ? "default" : "outline"}
          pending={busy === "portal"}
          unavailable={inert && busy !== "portal"}
          onClick={onPortal}
        >
          {state.status === "past-due" ? <Trans>Update payment method</Trans> : <Trans>Manage billing</Trans>}
        </Button>
      ) : null}
      {stopRenewing ? (
        <ConfirmDialog
          trigger={
            <Button variant="outline" {...changeButton(stopRenewing)}>
              <Trans>Stop renewing</Trans>
            </Button>
          }
          title={<Trans>Stop renewing your subscription?</Trans>}
          description={<Trans>You keep your access until {date}; you will not be asked to pay again.</Trans>}
          confirm={<Trans>Stop renewing</Trans>}
          onConfirm={() => onChange(stopRenewing)}
        />
      ) : null}
    </div>
  );
}

/**
 * Runs a change made on the card, then brings the account in line (the card and the header's badge
 * show the new state): the page's session answers with the user the server now has.
 */
function usePlanChange(actions: BillingActions) {
  const change = React.useCallback(
    async (next: PlanChange): Promise<ActionResult<unknown>> => {
      const result =
        next.kind === "switch"
          ? await actions.checkout(next.interval, next.startNow)
          : next.kind === "withdraw"
            ? await actions.withdrawRequest()
            : await actions.setRenewal(next.renew);
      if (result.success) await actions.refreshAccount();
      return result;
    },
    [actions],
  );
  const [state, run] = useAction(change);
  const [last, setLast] = React.useState<PlanChange | null>(null);
  const start = (next: PlanChange) => {
    setLast(next);
    void run(next);
  };
  return { state, last, start, running: state.status === "submitting" ? last : null };
}

/**
 * The account page's plan card, one state each (src/auth/plan-status.ts): the trial and its days
 * left, a subscription that starts when the trial ends, renews or ends, a failed renewal and its
 * grace, an ended plan (or none, without a trial), a payment awaited;
 * the buttons that lead to Stripe Checkout or the Billing Portal; the changes made here (manual
 * mode: the request switched to the other interval or withdrawn, a paid period not renewed; an
 * ending subscription kept), the account refreshed after each; and, back from Checkout, the
 * payment being confirmed.
 */
export function BillingCard({
  user,
  actions,
  checkoutReturn = null,
  onLeave = (url) => window.location.assign(url),
  confirmPolling = defaultConfirmPolling,
}: BillingCardProps) {
  const { i18n } = useLingui();
  const titleId = React.useId();
  const now = useNow();
  const config = useBillingConfig(actions.loadMode);
  // `undefined` while the configuration loads, `null` when it could not be known.
  const mode = config === undefined ? undefined : (config?.mode ?? null);
  const graceMs = (config?.graceDays ?? defaultGraceDays) * day;
  const confirming = checkoutReturn === "success";
  const { phase, polled } = usePaymentConfirmation(confirming, subscriptionOf(user), actions, confirmPolling);
  const subscription = polled !== undefined ? polled : subscriptionOf(user);
  const state = planState(user, subscription, mode ?? null, now, graceMs);
  // The order step: the interval chosen, before the button that commits to pay.
  const [ordering, setOrdering] = React.useState<Interval | null>(null);
  const [startNow, setStartNow] = React.useState(false);
  const leave = React.useCallback(
    (target: Interval | "portal") =>
      target === "portal" ? actions.portal() : actions.checkout(target, startNow),
    [actions, startNow],
  );
  const [request, run] = useAction(leave);
  const [target, setTarget] = React.useState<Interval | "portal" | null>(null);
  // The clicked button stays pending until the next page has loaded.
  const busy = request.status === "submitting" || request.status === "success" ? target : null;
  const go = async (next: Interval | "portal") => {
    setTarget(next);
    const result = await run(next);
    if (result?.success) onLeave(result.data);
  };
  const change = usePlanChange(actions);

  // While the payment is being confirmed, nothing invites paying twice.
  const showActions = phase === null || phase === "confirmed";
  return (
    <Card
      data-slot="billing-card"
      data-state={state.status}
      role="region"
      aria-labelledby={titleId}
      className="w-full"
    >
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle asChild>
            <h2 id={titleId}>
              <Trans>Plan</Trans>
            </h2>
          </CardTitle>
          <Badge variant={planStatusBadges[state.status]}>{i18n._(planStatusLabels[state.status])}</Badge>
        </div>
        <CardDescription>
          <PlanLine state={state} />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {checkoutReturn ? (
          <CheckoutNotice from={checkoutReturn} phase={phase} subscription={subscription} />
        ) : null}
        {state.status === "awaiting-payment" && mode === undefined ? (
          // How to pay depends on the mode: nothing that the instructions would replace.
          <Skeleton className="h-16 w-full" />
        ) : (
          <StateText state={state} email={user.email} support={config?.supportEmail ?? ""} />
        )}
        {!showActions ? null : mode === undefined ? (
          <Skeleton className="h-10 w-full sm:w-72" />
        ) : ordering !== null ? (
          <div className="flex flex-col gap-4">
            <OrderSummary
              interval={ordering}
              first={firstPayment(user.trial_ends, mode, now)}
              startNow={startNow}
              onStartNowChange={setStartNow}
            />
            <div className={row}>
              <Button
                pending={busy === ordering}
                unavailable={busy !== null && busy !== ordering}
                onClick={() => {
                  // Manual mode, a payment awaited: the request switched on the page, the new
                  // instructions emailed; otherwise on to Checkout (or, manual, the instructions).
                  if (state.status === "awaiting-payment" && state.instructions) {
                    change.start({ kind: "switch", interval: ordering, startNow });
                    setOrdering(null);
                  } else void go(ordering);
                }}
              >
                <OrderButtonText />
              </Button>
              <Button variant="ghost" unavailable={busy !== null} onClick={() => setOrdering(null)}>
                <Trans>Back</Trans>
              </Button>
            </div>
          </div>
        ) : (
          <StateActions
            state={state}
            busy={busy}
            changing={change.running}
            renewable={subscription?.status !== "canceled"}
            onCheckout={(interval) => {
              setStartNow(false);
              setOrdering(interval);
            }}
            onPortal={() => void go("portal")}
            onChange={change.start}
            resendInstructions={actions.resendInstructions}
          />
        )}
        <FormAlert status={request.status} message={request.message} />
        <FormSuccess show={change.state.status === "success"}>
          {change.last ? <ChangeDone change={change.last} /> : null}
        </FormSuccess>
        <FormAlert status={change.state.status} message={change.state.message} />
        {showActions && ordering === null ? (
          <WithdrawalSection actions={actions} user={user} separated />
        ) : null}
        {/* Stripe: the customer's invoices, once there is a customer. */}
        {mode === "stripe" && (user.stripe || subscription?.customer) ? (
          <>
            <Separator />
            <Invoices actions={actions} />
          </>
        ) : null}
        {/* Manual mode: once a payment is recorded, its receipts. */}
        {subscription?.subscription === "" && subscription.current_period_end !== "" ? (
          <>
            <Separator />
            <Receipts actions={actions} />
          </>
        ) : null}
        {/* An account made without the sign-up form (by an operator) may have no code. */}
        {user.affiliate_code ? (
          <>
            <Separator />
            <p>
              <Trans>
                Affiliate code: <code className="font-mono">{user.affiliate_code}</code>
              </Trans>
            </p>
            <p className="text-muted-foreground">
              <Trans>Your personal code, kept for the referral programme we are preparing.</Trans>
            </p>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
