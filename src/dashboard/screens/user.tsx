import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { planState, planStatusBadges, planStatusLabels } from "#src/auth/plan-status.ts";
import { useNow } from "#src/lib/use-now.ts";
import type { UserDetails, UserEdit } from "../client/users.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { useLocale } from "#src/i18n/use-locale.ts";
import { ConfirmDialog } from "#src/ui/confirm-dialog.tsx";
import { Badge } from "#src/ui/badge.tsx";
import { Button } from "#src/ui/button.tsx";
import { ActionNote, type Note } from "../widgets/action-note.tsx";
import { LoadError, LoadingRows } from "../widgets/load-states.tsx";
import { PageHeading } from "../widgets/page-heading.tsx";
import { useLoad } from "../widgets/use-load.ts";
import { formatDateTime } from "#src/lib/format.ts";
import { formatDate } from "#shared/format.ts";
import { type BillingView, billingView } from "#shared/billing.ts";
import {
  type CancelSubscription,
  type ExtendTrial,
  type MarkPaid,
  type MarkRefundMade,
  type RefundPayment,
  UserBilling,
} from "./user-billing.tsx";
import { UserForm } from "./user-form.tsx";
import { UserHistoryPanel, type UserHistoryProps } from "./user-history.tsx";

export type UserScreenProps = {
  id: string;
  loadUser: (id: string) => Promise<ActionResult<UserDetails>>;
  saveUser: (id: string, values: UserEdit) => Promise<ActionResult<AuthUser>>;
  /** Moves the trial's end to the end of a day (`YYYY-MM-DD`). */
  extendTrial: ExtendTrial;
  /** Records a payment made outside Stripe until the end of a day (manual mode). */
  markPaid: MarkPaid;
  /** Cancels the subscription now or at its period's end. */
  cancelSubscription: CancelSubscription;
  /** Refunds the last payment of a Stripe subscription. */
  refundPayment: RefundPayment;
  /** Records that the refund a withdrawal owed was made by hand. */
  markRefundMade?: MarkRefundMade;
  sendVerification: (email: string) => Promise<ActionResult>;
  sendPasswordReset: (email: string) => Promise<ActionResult>;
  deleteUser: (id: string) => Promise<ActionResult>;
  /** After the user is deleted (the route goes back to the list). */
  onDeleted: () => void;
} & Pick<UserHistoryProps, "loadHistory" | "addNote" | "deleteNote">;

type Busy = "verification" | "reset" | "delete";
type Run = (kind: Busy, action: () => Promise<ActionResult>, done: string) => void;

/** The link back to the list of users. */
function BackToUsers() {
  return (
    <LocalizedLink
      to="/_/users"
      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <Trans>All users</Trans>
    </LocalizedLink>
  );
}

/** The user's Stremio record: its username, and only whether it has a password. */
/** Whether the user may stream now, and why: the billing's own reason, with its dates. */
function StreamingNow({ view }: { view: BillingView }) {
  const locale = useLocale();
  const date = (value: string) => formatDate(value, locale);
  const { why } = view;
  switch (why.kind) {
    case "trial": {
      const until = date(why.until);
      return <Trans>Yes: the free trial runs until {until}.</Trans>;
    }
    case "unverified": {
      const until = date(why.until);
      return <Trans>No: the trial runs until {until}, but the email address is not verified yet.</Trans>;
    }
    case "paid": {
      const until = date(why.until);
      return <Trans>Yes: paid until {until}.</Trans>;
    }
    case "grace": {
      const since = date(why.since);
      const until = date(why.until);
      return (
        <Trans>
          Yes: the renewal of {since} failed; access until {until} unless the payment goes through.
        </Trans>
      );
    }
    case "awaiting-payment":
      return <Trans>No: the paid plan awaits payment.</Trans>;
    case "no-trial":
      return <Trans>No: this person already had a free trial, and nothing is paid.</Trans>;
    case "trial-ended": {
      const on = date(why.on);
      return <Trans>No: the free trial ended on {on}.</Trans>;
    }
    case "ended": {
      const on = why.on ? date(why.on) : "";
      return on ? (
        <Trans>No: the subscription ended on {on}.</Trans>
      ) : (
        <Trans>No: the subscription ended.</Trans>
      );
    }
  }
}

function StremioRecord({ stremio, view }: { stremio: UserDetails["stremio"]; view: BillingView }) {
  return (
    <section aria-labelledby="user-stremio" className="rounded-lg border p-5">
      <h2 id="user-stremio" className="mb-3 text-lg font-semibold">
        <Trans>Stremio record</Trans>
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">
          <Trans>Streams now</Trans>
        </dt>
        <dd data-slot="streams-now" data-streams={view.mayStream}>
          <StreamingNow view={view} />
        </dd>
        {stremio ? (
          <>
            <dt className="text-muted-foreground">
              <Trans>Username</Trans>
            </dt>
            <dd className="break-all">
              <code>{stremio.username || "—"}</code>
            </dd>
            <dt className="text-muted-foreground">
              <Trans>Password</Trans>
            </dt>
            <dd>{stremio.hasPassword ? <Trans>Set (not shown)</Trans> : <Trans>None</Trans>}</dd>
          </>
        ) : null}
      </dl>
      {stremio ? null : (
        <p className="mt-3 text-sm text-muted-foreground">
          <Trans>This user has no Stremio record.</Trans>
        </p>
      )}
    </section>
  );
}

/** The account emails sent again: verification (until verified) and password reset. */
function UserEmails({
  user,
  busy,
  run,
  sendVerification,
  sendPasswordReset,
}: {
  user: AuthUser;
  busy: Busy | null;
  run: Run;
} & Pick<UserScreenProps, "sendVerification" | "sendPasswordReset">) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="user-mails" className="flex flex-col gap-3 rounded-lg border p-5">
      <h2 id="user-mails" className="text-lg font-semibold">
        <Trans>Emails</Trans>
      </h2>
      <Button
        variant="outline"
        pending={busy === "verification"}
        disabled={user.verified}
        onClick={() =>
          run("verification", () => sendVerification(user.email), t`The verification email is on its way.`)
        }
      >
        <Trans>Send the verification email again</Trans>
      </Button>
      <Button
        variant="outline"
        pending={busy === "reset"}
        onClick={() =>
          run("reset", () => sendPasswordReset(user.email), t`The password-reset email is on its way.`)
        }
      >
        <Trans>Send a password-reset email</Trans>
      </Button>
    </section>
  );
}

/** Deleting the user, once confirmed. */
function DeleteUser({
  user,
  busy,
  run,
  deleteUser,
}: { user: AuthUser; busy: Busy | null; run: Run } & Pick<UserScreenProps, "deleteUser">) {
  const { t } = useLingui();
  return (
    <section
      aria-labelledby="user-delete"
      className="flex flex-col gap-3 rounded-lg border border-danger/40 p-5"
    >
      <h2 id="user-delete" className="text-lg font-semibold">
        <Trans>Delete</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>Deletes the account and its Stremio record. This cannot be undone.</Trans>
      </p>
      <ConfirmDialog
        trigger={
          <Button variant="destructive" pending={busy === "delete"}>
            <Trans>Delete this user</Trans>
          </Button>
        }
        title={t`Delete ${user.email}?`}
        description={t`The account and its Stremio record are deleted for good. Only a backup can bring them back.`}
        confirm={t`Delete`}
        onConfirm={() => run("delete", () => deleteUser(user.id), "")}
      />
    </section>
  );
}

/**
 * `/_/user?id=`: one user: edit, billing, the operators' notes and record of changes, mails sent
 * again, Stremio record, delete.
 */
export function UserScreen({
  id,
  loadUser,
  saveUser,
  extendTrial,
  markPaid,
  cancelSubscription,
  refundPayment,
  markRefundMade,
  sendVerification,
  sendPasswordReset,
  deleteUser,
  onDeleted,
  loadHistory,
  addNote,
  deleteNote,
}: UserScreenProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const now = useNow();
  const load = useCallback(() => loadUser(id), [loadUser, id]);
  const [state, reload] = useLoad(load);
  const [details, setDetails] = useState<UserDetails | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  useEffect(() => setDetails(state.status === "ready" ? state.data : null), [state]);

  const run: Run = async (kind, action, done) => {
    setBusy(kind);
    setNote(null);
    const result = await action();
    setBusy(null);
    if (result.success) {
      if (kind === "delete") onDeleted();
      else setNote({ kind: "success", text: done });
    } else if (!result.error.aborted) setNote({ kind: "error", text: result.error.message });
  };

  if (!id) {
    return (
      <div>
        <PageHeading title={<Trans>User</Trans>} />
        <p role="alert" className="mb-4">
          <Trans>No user is named in the address.</Trans>
        </p>
        <BackToUsers />
      </div>
    );
  }
  if (state.status === "loading" || (state.status === "ready" && !details)) return <LoadingRows />;
  if (state.status === "error") {
    return (
      <div className="flex flex-col gap-4">
        <LoadError message={state.message} onRetry={reload} />
        <BackToUsers />
      </div>
    );
  }
  if (!details) return null;
  const { user, stremio } = details;
  const graceMs = details.graceDays * 86_400_000;
  const plan = planState(user, details.subscription, details.billingMode, now, graceMs);
  const view = billingView({
    trialEnds: user.trial_ends,
    verified: user.verified,
    subscription: details.subscription,
    now,
    graceMs,
  });
  const { status } = plan;
  return (
    <div>
      <BackToUsers />
      <PageHeading
        title={user.email}
        description={
          <Trans>
            Signed up {formatDateTime(user.created, locale)}, id {user.id}
          </Trans>
        }
      >
        <Badge variant={planStatusBadges[status]}>{i18n._(planStatusLabels[status])}</Badge>
      </PageHeading>
      <ActionNote note={note} />
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        {/* May shrink: the changes' table scrolls sideways inside it instead of widening the page. */}
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="user-edit" className="rounded-lg border p-5">
            <h2 id="user-edit" className="mb-4 text-lg font-semibold">
              <Trans>Account</Trans>
            </h2>
            <UserForm
              key={user.updated}
              user={user}
              plan={plan}
              saveUser={saveUser}
              setNote={setNote}
              onSaved={(saved) => setDetails((current) => current && { ...current, user: saved })}
            />
          </section>
          <UserBilling
            details={details}
            extendTrial={extendTrial}
            markPaid={markPaid}
            cancelSubscription={cancelSubscription}
            refundPayment={refundPayment}
            markRefundMade={markRefundMade}
            onChanged={(changes) => setDetails((current) => current && { ...current, ...changes })}
          />
          <UserHistoryPanel
            userId={user.id}
            version={`${user.updated} ${details.subscription?.status ?? ""} ${details.subscription?.current_period_end ?? ""}`}
            loadHistory={loadHistory}
            addNote={addNote}
            deleteNote={deleteNote}
            setNote={setNote}
          />
        </div>
        <div className="flex flex-col gap-6">
          <StremioRecord stremio={stremio} view={view} />
          <UserEmails
            user={user}
            busy={busy}
            run={run}
            sendVerification={sendVerification}
            sendPasswordReset={sendPasswordReset}
          />
          <DeleteUser user={user} busy={busy} run={run} deleteUser={deleteUser} />
        </div>
      </div>
    </div>
  );
}
