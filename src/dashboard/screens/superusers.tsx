import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { Superuser } from "../client/superusers.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { ConfirmDialog } from "#src/ui/confirm-dialog.tsx";
import { Badge } from "#src/ui/badge.tsx";
import { Button } from "#src/ui/button.tsx";
import { ActionNote, type Note } from "../widgets/action-note.tsx";
import { ActionsHeading, cellClassName, DataTable } from "../widgets/data-table.tsx";
import { Loaded } from "../widgets/load-states.tsx";
import { PageHeading } from "../widgets/page-heading.tsx";
import { useLoad } from "../widgets/use-load.ts";
import { formatDateTime } from "#src/lib/format.ts";
import { AddSuperuserForm } from "./add-superuser-form.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { PasswordChangeForm, type PasswordChangeValues } from "#src/widgets/auth/password-change-form.tsx";
import { OwnSecondFactors, type OwnSecondFactorActions } from "../widgets/own-second-factors.tsx";

export type SuperusersScreenProps = {
  /** The signed-in superuser (marked "you"), who may change their own password here. */
  current: Superuser | null;
  loadSuperusers: () => Promise<ActionResult<Superuser[]>>;
  addSuperuser: (values: { email: string; password: string }) => Promise<ActionResult<Superuser>>;
  removeSuperuser: (id: string) => Promise<ActionResult>;
  /**
   * The signed-in superuser's new password, given the current one; `null` when signing in again
   * with it needs a code from their app (the session has ended).
   */
  changeOwnPassword: (
    superuser: Superuser,
    values: PasswordChangeValues,
  ) => Promise<ActionResult<Superuser | null>>;
  /** The signed-in superuser's own passkeys and authenticator app. */
  ownSecondFactors: OwnSecondFactorActions;
};

/** One superuser's row; removing is offered only while another superuser would remain. */
function SuperuserRow({
  superuser,
  isCurrent,
  removable,
  onRemove,
}: {
  superuser: Superuser;
  isCurrent: boolean;
  removable: boolean;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <tr data-slot="dashboard-superuser">
      <td className={cellClassName}>
        {superuser.email}
        {isCurrent ? (
          <Badge variant="outline" className="ml-2">
            <Trans>you</Trans>
          </Badge>
        ) : null}
      </td>
      <td className={`${cellClassName} whitespace-nowrap`}>{formatDateTime(superuser.created, locale)}</td>
      <td className={`${cellClassName} text-right`}>
        {removable ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={t`Remove ${superuser.email}`}>
                <Trans>Remove</Trans>
              </Button>
            }
            title={t`Remove ${superuser.email}?`}
            description={
              isCurrent
                ? t`This is you: your session ends with it.`
                : t`They can no longer sign in to the dashboard or the API as a superuser.`
            }
            confirm={t`Remove`}
            onConfirm={onRemove}
          />
        ) : (
          <Button variant="outline" size="sm" disabled aria-describedby="last-superuser">
            <Trans>Remove</Trans>
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * `/_/superusers`: the API's superusers: list, add, remove (never the last one); the signed-in
 * superuser changes their own password, giving the current one, and manages their own passkeys
 * and authenticator app ("Your sign-in").
 */
export function SuperusersScreen({
  current,
  loadSuperusers,
  addSuperuser,
  removeSuperuser,
  changeOwnPassword,
  ownSecondFactors,
}: SuperusersScreenProps) {
  const { t } = useLingui();
  const [state, reload] = useLoad(loadSuperusers);
  const [note, setNote] = useState<Note | null>(null);
  const [password, runPassword] = useAction(changeOwnPassword);

  const remove = async (superuser: Superuser) => {
    setNote(null);
    const result = await removeSuperuser(superuser.id);
    if (result.success) {
      setNote({ kind: "success", text: t`${superuser.email} is no longer a superuser.` });
      reload();
    } else if (!result.error.aborted) setNote({ kind: "error", text: result.error.message });
  };

  return (
    <div>
      <PageHeading
        title={<Trans>Superusers</Trans>}
        description={<Trans>The API’s administrators: they can read and change everything.</Trans>}
      />
      <ActionNote note={note} />
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section aria-label={t`Superusers`} className="min-w-0">
          <Loaded state={state} onRetry={reload} rows={2}>
            {(superusers) => (
              <>
                <DataTable headings={[<Trans>Email</Trans>, <Trans>Created</Trans>, <ActionsHeading />]}>
                  {superusers.map((superuser) => (
                    <SuperuserRow
                      key={superuser.id}
                      superuser={superuser}
                      isCurrent={superuser.id === current?.id}
                      removable={superusers.length > 1}
                      onRemove={() => void remove(superuser)}
                    />
                  ))}
                </DataTable>
                {superusers.length <= 1 ? (
                  <p id="last-superuser" className="mt-3 text-sm text-muted-foreground">
                    <Trans>The last superuser cannot be removed: add another one first.</Trans>
                  </p>
                ) : null}
              </>
            )}
          </Loaded>
        </section>
        <section aria-labelledby="add-superuser" className="rounded-lg border p-5">
          <h2 id="add-superuser" className="mb-4 text-lg font-semibold">
            <Trans>Add a superuser</Trans>
          </h2>
          <AddSuperuserForm addSuperuser={addSuperuser} setNote={setNote} onAdded={reload} />
        </section>
        {current ? (
          <div className="lg:col-start-2">
            <PasswordChangeForm
              email={current.email}
              status={password.status}
              errors={password.errors}
              message={password.message}
              onSubmit={(values) => void runPassword(current, values)}
            />
          </div>
        ) : null}
      </div>
      {current ? (
        <section aria-labelledby="your-sign-in" className="mt-10">
          <h2 id="your-sign-in" className="text-lg font-semibold">
            <Trans>Your sign-in</Trans>
          </h2>
          <p className="mb-4 text-sm text-muted-foreground">
            <Trans>
              A second factor for your own account: a passkey, or a code from an authenticator app after your
              password.
            </Trans>
          </p>
          <OwnSecondFactors actions={ownSecondFactors} email={current.email} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}
