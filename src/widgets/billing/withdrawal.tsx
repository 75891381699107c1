import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { formatDate, formatDateTime, formatPrice } from "#shared/format.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import type { Withdrawal, WithdrawalInfo } from "#src/auth/billing.ts";
import { subscriptionOf } from "#src/auth/plan-status.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { Button } from "#src/ui/button.tsx";
import { Separator } from "#src/ui/separator.tsx";

export type WithdrawalActions = {
  /** Whether the right of withdrawal is open, until when, and what it would give back. */
  loadWithdrawal: () => Promise<ActionResult<WithdrawalInfo>>;
  /** Withdraws from the contract (the subscription ends now, the refund is made or owed). */
  withdraw: () => Promise<ActionResult<Withdrawal>>;
  /** Brings the session's record in line once the subscription ended. */
  refreshAccount: () => Promise<ActionResult<unknown>>;
};

/** A subscription that may be withdrawn from: one that runs (paid for, or in a trial taken with a card). */
function mayHaveWithdrawal(user: AuthUser): boolean {
  const sub = subscriptionOf(user);
  return sub !== null && sub.status !== "incomplete" && sub.status !== "canceled" && sub.status !== "unpaid";
}

function useWithdrawalInfo(actions: WithdrawalActions, user: AuthUser) {
  const wanted = mayHaveWithdrawal(user);
  const [info, setInfo] = React.useState<WithdrawalInfo | null>(null);
  React.useEffect(() => {
    if (!wanted) return;
    let active = true;
    void actions.loadWithdrawal().then((result) => {
      if (active && result.success) setInfo(result.data);
    });
    return () => {
      active = false;
    };
    // Once per page, and again when the subscription changes.
  }, [wanted, subscriptionOf(user)?.id, subscriptionOf(user)?.status]);
  return info;
}

/** The acknowledgement on screen: when the withdrawal was received, and the refund. */
function WithdrawalDone({ done, email }: { done: Withdrawal; email: string }) {
  const locale = useLocale();
  const at = formatDateTime(done.withdrawnAt, locale);
  const amount = formatPrice(done.refund, locale);
  return (
    <div role="status" data-slot="withdrawal-done" className="flex flex-col gap-2">
      <p className="font-medium">
        <Trans>Your withdrawal was received on {at}. Your subscription has ended.</Trans>
      </p>
      <p>
        {done.refundState === "refunded" ? (
          <Trans>{amount} is refunded to your card; it shows on your statement within 5 to 10 days.</Trans>
        ) : done.refundState === "owed" ? (
          <Trans>We will refund {amount} within 14 days, the way you paid.</Trans>
        ) : (
          <Trans>Nothing had been charged, so nothing is owed.</Trans>
        )}
      </p>
      <p className="text-muted-foreground">
        <Trans>We have sent the acknowledgement to {email}.</Trans>
      </p>
    </div>
  );
}

/**
 * The right of withdrawal, while it is open (14 days from the start of a paid subscription): the
 * function "Withdraw from contract here", then a confirmation step that says who withdraws from
 * what, what comes back and where the acknowledgement goes, and its button "Confirm withdrawal";
 * then the acknowledgement on screen (the email repeats it). Nothing is shown once it has closed.
 */
export function WithdrawalSection({
  actions,
  user,
  heading: Heading = "h3",
  separated = false,
}: {
  actions: WithdrawalActions;
  user: AuthUser;
  /** The section's heading level where it stands (a card's h2 above: h3). */
  heading?: "h2" | "h3";
  /** Drawn under a line, as a section of its card (only when it shows). */
  separated?: boolean;
}) {
  const locale = useLocale();
  const headingId = React.useId();
  const info = useWithdrawalInfo(actions, user);
  const [confirming, setConfirming] = React.useState(false);
  const [state, run] = useAction(actions.withdraw);
  const [done, setDone] = React.useState<Withdrawal | null>(null);
  if (done) {
    return (
      <>
        {separated ? <Separator /> : null}
        <WithdrawalDone done={done} email={user.email} />
      </>
    );
  }
  if (!info?.open) return null;
  const until = formatDate(info.until, locale);
  const started = formatDate(info.startedAt, locale);
  const refund = formatPrice(info.refund, locale);
  const paid = formatPrice(info.paid, locale);
  const sub = subscriptionOf(user);
  const confirm = async () => {
    const result = await run();
    if (result?.success) {
      setDone(result.data);
      await actions.refreshAccount();
    }
  };
  return (
    <>
      {separated ? <Separator /> : null}
      <section aria-labelledby={headingId} data-slot="withdrawal" className="flex flex-col gap-3">
        <Heading id={headingId} className="font-medium">
          <Trans>Right of withdrawal</Trans>
        </Heading>
        <p>
          <Trans>You may withdraw from your subscription until {until}, without giving a reason.</Trans>{" "}
          {info.paid === 0 ? (
            <Trans>Nothing has been charged yet, so nothing would be owed.</Trans>
          ) : info.startNow ? (
            <Trans>
              You asked for the service to start at once: you would get back {refund} of the {paid} paid, the
              days used being kept.
            </Trans>
          ) : (
            <Trans>You would get back the {paid} paid, in full.</Trans>
          )}
        </p>
        {!confirming ? (
          <div>
            <Button variant="outline" onClick={() => setConfirming(true)}>
              <Trans>Withdraw from contract here</Trans>
            </Button>
          </div>
        ) : (
          <div
            data-slot="withdrawal-confirm"
            className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
          >
            <dl className="grid gap-2 sm:grid-cols-[9rem_1fr]">
              <dt className="text-muted-foreground">
                <Trans>Name</Trans>
              </dt>
              <dd>{user.name || user.email}</dd>
              <dt className="text-muted-foreground">
                <Trans>Contract</Trans>
              </dt>
              <dd>
                {sub?.interval === "year" ? (
                  <Trans>Paid plan, yearly, started on {started}</Trans>
                ) : (
                  <Trans>Paid plan, monthly, started on {started}</Trans>
                )}
              </dd>
              <dt className="text-muted-foreground">
                <Trans>Acknowledgement to</Trans>
              </dt>
              <dd className="break-all">{user.email}</dd>
            </dl>
            <p>
              <Trans>Your subscription and your Stremio access end as soon as you confirm.</Trans>
            </p>
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button
                variant="destructive"
                pending={state.status === "submitting"}
                onClick={() => void confirm()}
              >
                <Trans>Confirm withdrawal</Trans>
              </Button>
              <Button
                variant="ghost"
                unavailable={state.status === "submitting"}
                onClick={() => setConfirming(false)}
              >
                <Trans>Keep my subscription</Trans>
              </Button>
            </div>
            <FormAlert status={state.status} message={state.message} />
          </div>
        )}
      </section>
    </>
  );
}
