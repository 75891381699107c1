import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useId, useState, type ReactNode } from "react";
import { billingView, paidPrice, runningStates } from "#shared/billing.ts";
import { formatDate, formatPrice } from "#shared/format.ts";
import { siteConfig } from "#shared/site-config.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useForm } from "#src/forms/use-form.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { useNow } from "#src/lib/use-now.ts";
import { Badge, type badgeVariants } from "#src/ui/badge.tsx";
import { Button } from "#src/ui/button.tsx";
import { ConfirmDialog } from "#src/ui/confirm-dialog.tsx";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { Label } from "#src/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "#src/ui/radio-group.tsx";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import type { Interval, Subscription, SubscriptionStatus } from "#shared/billing.ts";
import {
  type CancelWhen,
  dayOf,
  endOfDay,
  type LastWithdrawal,
  nextPeriodEnd,
  type Refund,
  type RefundMade,
  type StripeMode,
  today,
  type UserDetails,
} from "../client/users.ts";
import { useOwnWords } from "../widgets/own-words.ts";
import type { VariantProps } from "class-variance-authority";

export type ExtendTrial = (id: string, day: string) => Promise<ActionResult<AuthUser>>;
export type MarkPaid = (
  id: string,
  day: string,
  interval: Interval,
) => Promise<ActionResult<{ user: AuthUser; subscription: Subscription }>>;
export type CancelSubscription = (
  id: string,
  when: CancelWhen,
) => Promise<ActionResult<{ user: AuthUser; subscription: Subscription }>>;
export type RefundPayment = (id: string) => Promise<ActionResult<Refund>>;
export type MarkRefundMade = (id: string) => Promise<ActionResult<RefundMade>>;

/** A subscription's status in words (Stripe's statuses; `incomplete` is the paid plan chosen, not paid). */
const statusLabels: Record<SubscriptionStatus, MessageDescriptor> = {
  trialing: msg`Subscribed, in trial`,
  active: msg`Active`,
  past_due: msg`Past due`,
  canceled: msg`Canceled`,
  unpaid: msg`Unpaid`,
  incomplete: msg`Awaiting payment`,
  incomplete_expired: msg`Expired unpaid`,
  paused: msg`Paused`,
};

const statusBadges: Record<SubscriptionStatus, VariantProps<typeof badgeVariants>["variant"]> = {
  trialing: "success",
  active: "success",
  past_due: "warning",
  canceled: "danger",
  unpaid: "danger",
  incomplete: "warning",
  incomplete_expired: "secondary",
  paused: "secondary",
};

/** Where a paid period stands: renewed, ending (cancelled), or paid by hand until a day. */
function periodLabel(subscription: Subscription): MessageDescriptor {
  if (subscription.subscription === "") return msg`Paid until`;
  if (subscription.cancel_at_period_end || subscription.status === "canceled") return msg`Ends on`;
  return msg`Renews on`;
}

/** Stripe's dashboard page of a customer: in its test dashboard when the server's key is a test key. */
export function stripeCustomerUrl(customer: string, mode: StripeMode | null): string {
  const test = mode === "test" ? "test/" : "";
  return `https://dashboard.stripe.com/${test}customers/${encodeURIComponent(customer)}`;
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 break-all">{children}</dd>
    </>
  );
}

/** The user's trial and subscription as the database holds them, and their last withdrawal. */
function BillingSummary({
  user,
  subscription,
  stripeMode,
  withdrawal,
}: Pick<UserDetails, "user" | "subscription" | "stripeMode" | "withdrawal">) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const date = (value: string) => (value ? formatDate(value, locale) : "—");
  const customer = subscription?.customer ?? "";
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <Row label={<Trans>Trial ends</Trans>}>{date(user.trial_ends)}</Row>
      <Row label={<Trans>Subscription</Trans>}>
        {subscription ? (
          <>
            <Badge variant={statusBadges[subscription.status]}>
              {i18n._(statusLabels[subscription.status])}
            </Badge>
            {subscription.cancel_at_period_end && subscription.status !== "canceled" ? (
              <Badge variant="outline">
                <Trans>Cancels at the period’s end</Trans>
              </Badge>
            ) : null}
          </>
        ) : (
          <Badge variant="secondary">
            <Trans>No subscription</Trans>
          </Badge>
        )}
      </Row>
      {subscription ? (
        <Row label={<Trans>Billing period</Trans>}>
          {subscription.interval === "year" ? <Trans>Yearly</Trans> : <Trans>Monthly</Trans>}
        </Row>
      ) : null}
      {subscription?.current_period_end ? (
        <Row label={i18n._(periodLabel(subscription))}>{date(subscription.current_period_end)}</Row>
      ) : null}
      {withdrawal ? <WithdrawalRow withdrawal={withdrawal} /> : null}
      {customer ? (
        <Row label="Stripe">
          <a
            href={stripeCustomerUrl(customer, stripeMode)}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            <Trans>Open {customer} in Stripe</Trans>
          </a>
        </Row>
      ) : null}
    </dl>
  );
}

/** A withdrawal within 14 days: when, and its refund (made, to make by hand, or nothing charged). */
function WithdrawalRow({ withdrawal }: { withdrawal: LastWithdrawal }) {
  const locale = useLocale();
  const date = formatDate(withdrawal.withdrawnAt, locale);
  const refund = formatPrice(withdrawal.refund, locale);
  return (
    <Row label={<Trans>Withdrawal</Trans>}>
      <span>
        <Trans>Withdrew on {date}</Trans>
      </span>
      {withdrawal.refundState === "owed" ? (
        <Badge variant="warning">
          <Trans>Refund to make: {refund}</Trans>
        </Badge>
      ) : withdrawal.refundState === "refunded" ? (
        <Badge variant="secondary">
          <Trans>Refunded {refund}</Trans>
        </Badge>
      ) : (
        <Badge variant="secondary">
          <Trans>Nothing charged, nothing to refund</Trans>
        </Badge>
      )}
    </Row>
  );
}

/**
 * A withdrawal's refund owed (manual mode): "Refund to make: €X, withdrawal of DATE", and the
 * operator's record, once confirmed, that it was made by hand (the user gets an email).
 */
function OwedRefund({
  userId,
  email,
  withdrawal,
  markRefundMade,
  onMade,
}: {
  userId: string;
  email: string;
  withdrawal: LastWithdrawal;
  markRefundMade: MarkRefundMade;
  onMade: (withdrawal: LastWithdrawal) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const refund = formatPrice(withdrawal.refund, locale);
  const date = formatDate(withdrawal.withdrawnAt, locale);
  const made = async () => {
    setBusy(true);
    setDone(null);
    const result = await markRefundMade(userId);
    setBusy(false);
    if (result.success) {
      setDone({ kind: "success", text: t`Recorded: ${refund} refunded. The user gets an email saying so.` });
      onMade({ ...withdrawal, refundState: "refunded", refundedAt: result.data.refundedAt });
    } else if (!result.error.aborted) setDone({ kind: "error", text: result.error.message });
  };
  return (
    <div className="flex flex-col gap-3 md:col-span-2">
      <h3 className="font-medium">
        {withdrawal.refundState === "owed" ? (
          <Trans>
            Refund to make: {refund}, withdrawal of {date}
          </Trans>
        ) : (
          <Trans>
            Refund made: {refund}, withdrawal of {date}
          </Trans>
        )}
      </h3>
      {withdrawal.refundState === "owed" ? (
        <ConfirmDialog
          trigger={
            <Button variant="outline" className="self-start" pending={busy}>
              <Trans>Mark the refund as made</Trans>
            </Button>
          }
          title={t`Mark the refund of ${refund} as made?`}
          description={t`Confirm once you have returned ${refund} to ${email}, the way they paid. They get an email saying the refund was made.`}
          confirm={t`Mark the refund as made`}
          onConfirm={() => void made()}
        />
      ) : null}
      <DoneMessage done={done} />
    </div>
  );
}

const required = { code: "validation_required", message: "Cannot be blank." };
const pastDay = { code: "validation_min_date_constraint", message: "Must be today or later." };

/** "Extend trial to DATE": the trial lasts to the end of the chosen day. */
function ExtendTrialForm({
  user,
  extendTrial,
  onExtended,
}: {
  user: AuthUser;
  extendTrial: ExtendTrial;
  onExtended: (user: AuthUser) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const wordError = useOwnWords();
  const now = useNow();
  const [done, setDone] = useState("");
  const [saving, run] = useAction(
    useCallback((day: string) => extendTrial(user.id, day), [extendTrial, user.id]),
  );
  const form = useForm({
    initialValues: { trial_ends: dayOf(user.trial_ends) },
    // A day before today would end the trial in the past: that is not extending it.
    validate: (values) =>
      !values.trial_ends
        ? { trial_ends: required }
        : values.trial_ends < today(now)
          ? { trial_ends: pastDay }
          : {},
    ...saving,
    onSubmit: async ({ trial_ends }) => {
      setDone("");
      const result = await run(trial_ends);
      if (!result?.success) return;
      const date = formatDate(endOfDay(trial_ends), locale);
      setDone(t`The trial now ends on ${date}.`);
      onExtended(result.data);
    },
  });
  return (
    <form className="flex flex-col gap-3" {...form.formProps}>
      <Field
        label={t`Extend the trial to`}
        error={wordError(form.errorFor("trial_ends"), pastDay, "trial_ends", {
          validation_min_date_constraint: t`Choose today or a later day: a trial cannot end in the past.`,
        })}
      >
        <Input
          name="trial_ends"
          type="date"
          value={form.values.trial_ends}
          onChange={(e) => form.setValue("trial_ends", e.target.value)}
        />
      </Field>
      <SubmitButton status={saving.status} variant="outline" className="self-start">
        <Trans>Extend the trial</Trans>
      </SubmitButton>
      <FormSuccess show={saving.status === "success" && done !== ""}>{done}</FormSuccess>
      <FormAlert {...form.alert} />
    </form>
  );
}

/** "Mark as paid until DATE" (manual mode): a payment made outside Stripe, for a month or a year. */
function MarkPaidForm({
  user,
  subscription,
  markPaid,
  onPaid,
}: {
  user: AuthUser;
  subscription: Subscription | null;
  markPaid: MarkPaid;
  onPaid: (changes: { user: AuthUser; subscription: Subscription }) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const wordError = useOwnWords();
  const now = useNow();
  const id = useId();
  const [done, setDone] = useState("");
  // The day follows the period chosen until the operator writes one of their own.
  const [dayEdited, setDayEdited] = useState(false);
  const paidUntil = subscription?.current_period_end ?? "";
  const [saving, run] = useAction(
    useCallback(
      (values: { until: string; interval: Interval }) => markPaid(user.id, values.until, values.interval),
      [markPaid, user.id],
    ),
  );
  const initialInterval = subscription?.interval ?? (user.is_monthly ? "month" : "year");
  const form = useForm<{ until: string; interval: Interval }>({
    initialValues: { until: nextPeriodEnd(paidUntil, initialInterval, now), interval: initialInterval },
    validate: (values) => (values.until ? {} : { until: required }),
    ...saving,
    onSubmit: async (values) => {
      setDone("");
      const result = await run(values);
      if (!result?.success) return;
      const date = formatDate(endOfDay(values.until), locale);
      setDone(t`Marked as paid until ${date}. The user has access and gets a receipt by email.`);
      onPaid(result.data);
    },
  });
  const untilError = wordError(form.errorFor("until"), saving.errors.until, "until", {
    validation_min_date_constraint: t`Choose today or a later day.`,
  });
  const monthly = formatPrice(siteConfig.plans.paid.monthly, locale);
  const yearly = formatPrice(siteConfig.plans.paid.yearly, locale);
  const intervals: { value: Interval; label: string }[] = [
    { value: "month", label: t`A month (${monthly})` },
    { value: "year", label: t`A year (${yearly})` },
  ];
  return (
    <form className="flex flex-col gap-3" {...form.formProps}>
      <Field label={t`Mark as paid until`} error={untilError}>
        <Input
          name="until"
          type="date"
          value={form.values.until}
          onChange={(e) => {
            setDayEdited(true);
            form.setValue("until", e.target.value);
          }}
        />
      </Field>
      <Field label={t`Period paid`} error={form.errorFor("interval")}>
        <RadioGroup
          name="interval"
          value={form.values.interval}
          onValueChange={(value) => {
            form.setValue("interval", value as Interval);
            if (!dayEdited) form.setValue("until", nextPeriodEnd(paidUntil, value as Interval, now));
          }}
          className="grid-flow-col justify-start gap-x-5"
        >
          {intervals.map(({ value, label }) => (
            <div key={value} className="flex items-center gap-2">
              <RadioGroupItem id={`${id}-${value}`} value={value} />
              <Label htmlFor={`${id}-${value}`}>{label}</Label>
            </div>
          ))}
        </RadioGroup>
      </Field>
      <SubmitButton status={saving.status} className="self-start">
        <Trans>Mark as paid</Trans>
      </SubmitButton>
      <FormSuccess show={saving.status === "success" && done !== ""}>{done}</FormSuccess>
      <FormAlert {...form.alert} />
    </form>
  );
}

type Done = { kind: "success"; text: string } | { kind: "error"; text: MessageDescriptor };

/** How an action of the billing section went: its success or its error, announced politely. */
function DoneMessage({ done }: { done: Done | null }) {
  return (
    <div aria-live="polite">
      <FormSuccess show={done?.kind === "success"}>{done?.kind === "success" ? done.text : null}</FormSuccess>
      <FormAlert
        status={done?.kind === "error" ? "error" : "idle"}
        message={done?.kind === "error" ? done.text : undefined}
      />
    </div>
  );
}

/**
 * The operator's cancellation (now, or at the period's end) of a running subscription, and the
 * refund of a Stripe subscription's last payment, each once confirmed. The refund leaves access
 * as it is: the operator cancels apart.
 */
function SubscriptionActions({
  details,
  cancelSubscription,
  refundPayment,
  onChanged,
}: {
  details: UserDetails;
  cancelSubscription: CancelSubscription;
  refundPayment: RefundPayment;
  onChanged: (changes: { user: AuthUser; subscription: Subscription }) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const now = useNow();
  const { user, subscription, billingMode } = details;
  const [busy, setBusy] = useState<CancelWhen | "refund" | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const view = billingView({
    trialEnds: user.trial_ends,
    verified: user.verified,
    subscription,
    now,
    graceMs: details.graceDays * 86_400_000,
  });
  const running = runningStates.includes(view.state);
  const refundable =
    billingMode === "stripe" &&
    subscription !== null &&
    subscription.subscription !== "" &&
    subscription.status !== "incomplete";
  if (!subscription || (!running && !refundable)) return null;
  const email = user.email;
  const until = view.until ? formatDate(view.until, locale) : "";
  const amount = formatPrice(paidPrice(subscription.interval), locale);

  const cancel = async (when: CancelWhen) => {
    setBusy(when);
    setDone(null);
    const result = await cancelSubscription(user.id, when);
    setBusy(null);
    if (result.success) {
      setDone({
        kind: "success",
        text:
          when === "now"
            ? t`The subscription is canceled: access has ended, and the user gets an email saying so.`
            : t`The subscription ends on ${until}: the user keeps access until then and gets an email saying so.`,
      });
      onChanged(result.data);
    } else if (!result.error.aborted) setDone({ kind: "error", text: result.error.message });
  };
  const refund = async () => {
    setBusy("refund");
    setDone(null);
    const result = await refundPayment(user.id);
    setBusy(null);
    if (result.success) {
      const refunded = formatPrice(result.data.amount, locale);
      setDone({ kind: "success", text: t`Refunded ${refunded}. The user gets an email saying so.` });
    } else if (!result.error.aborted) setDone({ kind: "error", text: result.error.message });
  };

  return (
    <div className="flex flex-col gap-3 md:col-span-2">
      <h3 className="font-medium">
        <Trans>Cancel or refund</Trans>
      </h3>
      <div className="flex flex-wrap gap-3">
        {running && view.state !== "canceling" ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" pending={busy === "period_end"}>
                <Trans>Cancel at the period’s end</Trans>
              </Button>
            }
            title={t`Cancel at the period’s end?`}
            description={t`${email} keeps access until ${until}; then the subscription ends and nothing more is charged. They get an email saying so.`}
            confirm={t`Cancel at the period’s end`}
            onConfirm={() => void cancel("period_end")}
          />
        ) : null}
        {running ? (
          <ConfirmDialog
            trigger={
              <Button variant="destructive" pending={busy === "now"}>
                <Trans>Cancel now</Trans>
              </Button>
            }
            title={t`Cancel now?`}
            description={t`${email} loses access at once and nothing more is charged. They get an email saying their access has ended. The payment already made is not refunded by this: refund it apart.`}
            confirm={t`Cancel now`}
            onConfirm={() => void cancel("now")}
          />
        ) : null}
        {refundable ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" pending={busy === "refund"}>
                <Trans>Refund the last payment</Trans>
              </Button>
            }
            title={t`Refund ${amount}?`}
            description={t`The last payment, ${amount}, goes back to ${email}’s card, and they get an email saying so. Access does not change: to end it, cancel the subscription too.`}
            confirm={t`Refund ${amount}`}
            onConfirm={() => void refund()}
          />
        ) : null}
      </div>
      <DoneMessage done={done} />
    </div>
  );
}

/**
 * The user's billing: the trial's end and the subscription (status, period, Stripe's customer),
 * the trial extended to a day, in manual mode a payment recorded until a day, and the running
 * subscription canceled or (Stripe) its last payment refunded.
 */
export function UserBilling({
  details,
  extendTrial,
  markPaid,
  cancelSubscription,
  refundPayment,
  markRefundMade,
  onChanged,
}: {
  details: UserDetails;
  extendTrial: ExtendTrial;
  markPaid: MarkPaid;
  cancelSubscription: CancelSubscription;
  refundPayment: RefundPayment;
  /** Records a withdrawal's refund made by hand; without it the owed refund is shown, not acted on. */
  markRefundMade?: MarkRefundMade;
  onChanged: (changes: Partial<Pick<UserDetails, "user" | "subscription" | "withdrawal">>) => void;
}) {
  const { user, subscription, billingMode, stripeMode, withdrawal } = details;
  // The refund to make stays on the page once recorded, saying so, until the page is left.
  const [madeHere, setMadeHere] = useState(false);
  return (
    <section aria-labelledby="user-billing" className="flex flex-col gap-5 rounded-lg border p-5">
      <h2 id="user-billing" className="text-lg font-semibold">
        <Trans>Billing</Trans>
      </h2>
      <BillingSummary
        user={user}
        subscription={subscription}
        stripeMode={stripeMode}
        withdrawal={withdrawal}
      />
      <div className="grid gap-6 border-t pt-5 md:grid-cols-2">
        <ExtendTrialForm
          user={user}
          extendTrial={extendTrial}
          onExtended={(saved) => onChanged({ user: saved })}
        />
        {billingMode === "manual" ? (
          <MarkPaidForm user={user} subscription={subscription} markPaid={markPaid} onPaid={onChanged} />
        ) : null}
        <SubscriptionActions
          details={details}
          cancelSubscription={cancelSubscription}
          refundPayment={refundPayment}
          onChanged={onChanged}
        />
        {withdrawal && markRefundMade && (withdrawal.refundState === "owed" || madeHere) ? (
          <OwedRefund
            userId={user.id}
            email={user.email}
            withdrawal={withdrawal}
            markRefundMade={markRefundMade}
            onMade={(made) => {
              setMadeHere(true);
              onChanged({ withdrawal: made });
            }}
          />
        ) : null}
      </div>
    </section>
  );
}
