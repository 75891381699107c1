import { Trans } from "@lingui/react/macro";
import { formatPrice } from "#shared/format.ts";
import { paidPrice } from "#shared/billing.ts";
import type { PlanState } from "#src/auth/plan-status.ts";
import { useLocale } from "#src/i18n/use-locale.ts";

/**
 * The plan and its price in a line: "Paid plan, €4.99 per month", "Free trial". The account page's
 * plan card and the operator's user page say it the same way.
 */
export function PlanLine({ state }: { state: PlanState }) {
  const locale = useLocale();
  if (state.status === "trial") return <Trans>Free trial</Trans>;
  if (state.status === "ended") return <Trans>No active plan</Trans>;
  const price = formatPrice(paidPrice(state.interval), locale);
  return state.interval === "month" ? (
    <Trans>Paid plan, {price} incl. VAT per month</Trans>
  ) : (
    <Trans>Paid plan, {price} incl. VAT per year</Trans>
  );
}
