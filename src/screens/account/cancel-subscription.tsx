import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { defaultGraceDays } from "#shared/billing.ts";
import { formatDate } from "#shared/format.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { planState, subscriptionOf, type PlanState } from "#src/auth/plan-status.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { useLocale } from "#src/i18n/use-locale.ts";
import { useNow } from "#src/lib/use-now.ts";
import { Button } from "#src/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#src/ui/card.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { type BillingActions, useBillingConfig } from "#src/widgets/billing/billing-card.tsx";
import { PriceInclVat } from "#src/widgets/billing/order-step.tsx";
import { WithdrawalSection } from "#src/widgets/billing/withdrawal.tsx";
import { AuthGate } from "./account.tsx";

/** What the cancellation page does: the account page's billing actions it needs. */
export type CancelActions = Pick<
  BillingActions,
  "loadMode" | "setRenewal" | "withdrawRequest" | "refreshAccount" | "loadWithdrawal" | "withdraw"
>;

const day = 24 * 60 * 60 * 1000;
const link = "text-primary underline underline-offset-4 hover:no-underline";

function AccountLink() {
  return (
    <LocalizedLink to="/account" className={link}>
      <Trans>Back to your account</Trans>
    </LocalizedLink>
  );
}

/** The request for the paid plan withdrawn (manual mode, nothing paid). */
function RequestWithdrawn() {
  return (
    <p role="status" className="font-medium">
      <Trans>Your request is withdrawn: nothing is owed.</Trans>
    </p>
  );
}

/** What ends and when, for a subscription that still renews. */
function WhatEnds({ state }: { state: Extract<PlanState, { status: "paid" | "scheduled" | "past-due" }> }) {
  const locale = useLocale();
  if (state.status === "scheduled") {
    const date = formatDate(state.startsOn, locale);
    return (
      <p>
        <Trans>
          Your paid plan was to start on {date}, when your free trial ends. If you cancel, nothing is charged:
          your trial goes on until {date}, then your access stops.
        </Trans>
      </p>
    );
  }
  if (state.status === "past-due") {
    const date = formatDate(state.accessUntil, locale);
    return (
      <p>
        <Trans>
          Your last payment did not go through. If you cancel, nothing more is charged and your access stops
          on {date}.
        </Trans>
      </p>
    );
  }
  const date = formatDate(state.periodEnd, locale);
  return (
    <p>
      <Trans>
        If you cancel, your subscription stops renewing: you keep your access and your Stremio credentials
        until {date}, the end of the period already paid, and nothing more is charged. You can change your
        mind until then.
      </Trans>
    </p>
  );
}

/**
 * The cancellation page's body for a signed-in customer, one state each: a subscription that
 * renews (what ends and when, and the one button that confirms), one already ending (its date and
 * the undo), a request awaiting payment (withdrawn instead), or nothing to cancel.
 */
function CancelBody({ user, actions }: { user: AuthUser; actions: CancelActions }) {
  const locale = useLocale();
  const now = useNow();
  const config = useBillingConfig(actions.loadMode);
  const subscription = subscriptionOf(user);
  const email = user.email;
  const [done, setDone] = React.useState<"canceled" | "kept" | "withdrawn" | null>(null);
  const change = React.useCallback(
    async (next: "cancel" | "keep" | "withdraw-request"): Promise<ActionResult<unknown>> => {
      const result =
        next === "withdraw-request"
          ? await actions.withdrawRequest()
          : await actions.setRenewal(next === "keep");
      if (result.success) {
        await actions.refreshAccount();
        setDone(next === "cancel" ? "canceled" : next === "keep" ? "kept" : "withdrawn");
      }
      return result;
    },
    [actions],
  );
  const [request, run] = useAction(change);
  if (config === undefined) return <Skeleton className="h-24 w-full" />;
  const state = planState(
    user,
    subscription,
    config?.mode ?? null,
    now,
    (config?.graceDays ?? defaultGraceDays) * day,
  );
  const pending = request.status === "submitting";
  const alert = <FormAlert status={request.status} message={request.message} />;
  switch (state.status) {
    case "paid":
    case "scheduled":
    case "past-due":
      return (
        <div className="flex flex-col gap-4">
          {done === "kept" ? (
            <p role="status" className="font-medium">
              <Trans>Your subscription goes on: nothing has changed.</Trans>
            </p>
          ) : null}
          <p>
            <Trans>Your plan:</Trans>{" "}
            {state.interval === "month" ? <Trans>paid, monthly</Trans> : <Trans>paid, yearly</Trans>},{" "}
            <PriceInclVat interval={state.interval} />.
          </p>
          <WhatEnds state={state} />
          <div>
            <Button variant="destructive" pending={pending} onClick={() => void run("cancel")}>
              <Trans>Confirm cancellation</Trans>
            </Button>
          </div>
          {alert}
        </div>
      );
    case "canceling": {
      const date = formatDate(state.endsOn, locale);
      const renewable = subscription?.status !== "canceled";
      return (
        <div className="flex flex-col gap-4">
          <div role="status" data-slot="cancel-done" className="flex flex-col gap-2">
            <p className="font-medium">
              {done === "canceled" ? (
                <Trans>Your subscription is cancelled. It ends on {date}.</Trans>
              ) : (
                <Trans>Your subscription is cancelled and ends on {date}.</Trans>
              )}
            </p>
            <p>
              <Trans>
                You keep your access and your Stremio credentials until then; nothing more is charged.
              </Trans>
            </p>
            {done === "canceled" ? (
              <p className="text-muted-foreground">
                <Trans>We have sent a confirmation to {email}.</Trans>
              </p>
            ) : null}
          </div>
          {renewable ? (
            <div className="flex flex-col gap-2">
              <p>
                <Trans>Changed your mind? You can keep your subscription until {date}.</Trans>
              </p>
              <div>
                <Button pending={pending} onClick={() => void run("keep")}>
                  <Trans>Keep my subscription</Trans>
                </Button>
              </div>
            </div>
          ) : null}
          {alert}
        </div>
      );
    }
    case "awaiting-payment":
      return (
        <div className="flex flex-col gap-4">
          <p>
            <Trans>
              You asked for the paid plan and nothing has been paid yet. Withdraw your request and nothing is
              owed.
            </Trans>
          </p>
          <div>
            <Button variant="destructive" pending={pending} onClick={() => void run("withdraw-request")}>
              <Trans>Withdraw my request</Trans>
            </Button>
          </div>
          {alert}
        </div>
      );
    case "trial": {
      const date = formatDate(state.trialEnds, locale);
      return (
        <div className="flex flex-col gap-4">
          {done === "withdrawn" ? <RequestWithdrawn /> : null}
          <p>
            <Trans>
              You are on the free trial: there is no subscription to cancel. The trial ends on {date} and
              nothing is charged.
            </Trans>
          </p>
        </div>
      );
    }
    default:
      return (
        <div className="flex flex-col gap-4">
          {done === "withdrawn" ? <RequestWithdrawn /> : null}
          <p>
            <Trans>You have no subscription running: there is nothing to cancel.</Trans>
          </p>
        </div>
      );
  }
}

/**
 * `/cancel-subscription` ("Cancel my subscription" in every page's footer, after sign-in if
 * needed): what ends and when, one button that confirms, the acknowledgement on screen (the
 * server emails it), and the undo until the end date; the right of withdrawal while it is open.
 */
export function CancelSubscriptionScreen({ actions }: { actions: (user: AuthUser) => CancelActions }) {
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <AuthGate>
        {(user) => {
          const email = user.email;
          const bound = actions(user);
          return (
            <Card data-slot="cancel-subscription" className="w-full max-w-2xl">
              <CardHeader>
                <CardTitle asChild>
                  <h1>
                    <Trans>Cancel your subscription</Trans>
                  </h1>
                </CardTitle>
                <CardDescription>
                  <Trans>Signed in as {email}.</Trans>
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-6 text-sm">
                <CancelBody user={user} actions={bound} />
                {/* In one place whatever the state: its acknowledgement stays once the plan has ended. */}
                <WithdrawalSection actions={bound} user={user} heading="h2" separated />
                <p>
                  <AccountLink />
                </p>
              </CardContent>
            </Card>
          );
        }}
      </AuthGate>
    </div>
  );
}
