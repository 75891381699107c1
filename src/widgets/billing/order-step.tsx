import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { formatDate, formatPrice } from "#shared/format.ts";
import { type Interval, paidPrice, withdrawalDays } from "#shared/billing.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { useLocale } from "#src/i18n/use-locale.ts";
import { Checkbox } from "#src/ui/checkbox.tsx";
import { Field } from "#src/ui/field.tsx";

/**
 * When the first payment of an order falls: when the running trial ends (Stripe keeps it), now, by
 * the emailed instructions (manual mode), or, at sign-up, when the new account's trial ends if the
 * address never had one.
 */
export type FirstPayment =
  | { kind: "trial-end"; date: string }
  | { kind: "now" }
  | { kind: "instructions" }
  | { kind: "after-new-trial"; date: string };

const link = "text-primary underline underline-offset-4 hover:no-underline";

/** The price with VAT included and its period: "€4.99 incl. VAT per month". */
export function PriceInclVat({ interval }: { interval: Interval }) {
  const locale = useLocale();
  const price = formatPrice(paidPrice(interval), locale);
  return interval === "month" ? (
    <Trans>{price} incl. VAT per month</Trans>
  ) : (
    <Trans>{price} incl. VAT per year</Trans>
  );
}

function FirstPaymentText({ first }: { first: FirstPayment }) {
  const locale = useLocale();
  switch (first.kind) {
    case "trial-end": {
      const date = formatDate(first.date, locale);
      return <Trans>On {date}, when your free trial ends. Nothing is charged before.</Trans>;
    }
    case "after-new-trial": {
      const date = formatDate(first.date, locale);
      return (
        <Trans>On {date}, when your free trial ends (today if this address has already had a trial).</Trans>
      );
    }
    case "instructions":
      return (
        <Trans>
          When you pay as the emailed instructions say: your subscription starts once your payment is
          recorded.
        </Trans>
      );
    default:
      return <Trans>Today.</Trans>;
  }
}

/**
 * The order step, just above the button that commits to pay: the plan, its price with VAT, the
 * period and its renewal and how to stop it, when the first payment falls, the right of withdrawal
 * and the box (unticked) asking the service to start at once, and the terms of sale. The button
 * itself is the caller's, worded by `OrderButtonText`.
 */
export function OrderSummary({
  interval,
  first,
  startNow,
  onStartNowChange,
  heading: Heading = "h3",
}: {
  /** The heading level where it stands (a card's h2 above: h3). */
  heading?: "h2" | "h3";
  interval: Interval;
  first: FirstPayment;
  startNow: boolean;
  onStartNowChange: (startNow: boolean) => void;
}) {
  const { t } = useLingui();
  const headingId = React.useId();
  const days = withdrawalDays;
  const row = "grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-3";
  return (
    <section
      aria-labelledby={headingId}
      data-slot="order-summary"
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 text-sm"
    >
      <Heading id={headingId} className="text-base font-semibold">
        <Trans>Your order</Trans>
      </Heading>
      <dl className="flex flex-col gap-3">
        <div className={row}>
          <dt className="text-muted-foreground">
            <Trans>Plan</Trans>
          </dt>
          <dd>
            {interval === "month" ? <Trans>Paid plan, monthly</Trans> : <Trans>Paid plan, yearly</Trans>}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">
            <Trans>Price</Trans>
          </dt>
          <dd className="font-medium">
            <PriceInclVat interval={interval} />
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">
            <Trans>Renewal</Trans>
          </dt>
          <dd>
            {interval === "month" ? (
              <Trans>Renews every month until you cancel.</Trans>
            ) : (
              <Trans>Renews every year until you cancel; we remind you one to three months before.</Trans>
            )}{" "}
            <Trans>
              Cancel at any time with “Cancel my subscription” at the bottom of every page: it stops at the
              end of the period paid for.
            </Trans>
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">
            <Trans>First payment</Trans>
          </dt>
          <dd>
            <FirstPaymentText first={first} />
          </dd>
        </div>
      </dl>
      <p className="text-muted-foreground">
        <Trans>
          You may withdraw within {days} days of the start, with a full refund unless you ask the service to
          start at once.
        </Trans>
      </p>
      <Field
        orientation="horizontal"
        label={t`Start at once: I ask for the service to begin during the ${days}-day withdrawal period, and I understand that if I withdraw, the days used are not refunded.`}
      >
        <Checkbox
          name="startNow"
          checked={startNow}
          onCheckedChange={(checked) => onStartNowChange(checked === true)}
        />
      </Field>
      <p>
        <Trans>
          By ordering you accept the{" "}
          <LocalizedLink to="/cgv" className={link}>
            terms of sale
          </LocalizedLink>
          .
        </Trans>
      </p>
    </section>
  );
}

/** The words of the button that commits to pay (French law asks for them unambiguous). */
export function OrderButtonText() {
  return <Trans>Subscribe and pay</Trans>;
}
