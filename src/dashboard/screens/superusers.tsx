import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { useAction } from "../../forms/use-action.ts";
import { useForm } from "../../forms/use-form.ts";
import type { Superuser } from "../superuser.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { ConfirmDialog } from "../../ui/alert-dialog.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailField, PasswordField } from "../../widgets/auth/auth-fields.tsx";
import {
  ActionNote,
  cellClassName,
  DataTable,
  ActionsHeading,
  Loaded,
  PageHeading,
  useLoad,
  type Note,
} from "../widgets/parts.tsx";
import { formatDateTime } from "../../lib/format.ts";

export type SuperusersScreenProps = {
  /** The signed-in superuser (marked "you"). */
  currentId: string;
  loadSuperusers: () => Promise<ActionResult<Superuser[]>>;
  addSuperuser: (values: { email: string; password: string }) => Promise<ActionResult<Superuser>>;
  removeSuperuser: (id: string) => Promise<ActionResult>;
};

/** Adds a superuser; the fields clear once the server accepted them. */
function AddSuperuserForm({
  addSuperuser,
  setNote,
  onAdded,
}: Pick<SuperusersScreenProps, "addSuperuser"> & {
  setNote: (note: Note | null) => void;
  onAdded: () => void;
}) {
  const { t } = useLingui();
  const [adding, runAdd] = useAction(addSuperuser);
  const form = useForm({
    initialValues: { email: "", password: "" },
    ...adding,
    resetOnSuccess: true,
    onSubmit: async (values) => {
      setNote(null);
      const result = await runAdd(values);
      if (!result) return;
      if (result.success) {
        setNote({ kind: "success", text: t`${result.data.email} is now a superuser.` });
        onAdded();
      } else if (!result.error.aborted && Object.keys(result.error.fieldErrors).length === 0) {
        setNote({ kind: "error", text: result.error.message });
      }
    },
  });
  return (
    <form aria-labelledby="add-superuser" className="flex flex-col gap-4" {...form.formProps}>
      <EmailField
        name="email"
        value={form.values.email}
        onValueChange={(value) => form.setValue("email", value)}
        error={form.errorFor("email")}
      />
      <PasswordField
        name="password"
        autoComplete="new-password"
        value={form.values.password}
        onValueChange={(value) => form.setValue("password", value)}
        error={form.errorFor("password")}
      />
      <SubmitButton status={adding.status}>
        <Trans>Add</Trans>
      </SubmitButton>
    </form>
  );
}

/** `/_/superusers`: the API's superusers: list, add, remove (never the last one). */
export function SuperusersScreen({
  currentId,
  loadSuperusers,
  addSuperuser,
  removeSuperuser,
}: SuperusersScreenProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const [state, reload] = useLoad(loadSuperusers);
  const [note, setNote] = useState<Note | null>(null);

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
        <section aria-label={t`Superusers`}>
          <Loaded state={state} onRetry={reload} rows={2}>
            {(superusers) => (
              <>
                <DataTable headings={[<Trans>Email</Trans>, <Trans>Created</Trans>, <ActionsHeading />]}>
                  {superusers.map((superuser) => (
                    <tr key={superuser.id} data-slot="dashboard-superuser">
                      <td className={cellClassName}>
                        {superuser.email}
                        {superuser.id === currentId ? (
                          <Badge variant="outline" className="ml-2">
                            <Trans>you</Trans>
                          </Badge>
                        ) : null}
                      </td>
                      <td className={`${cellClassName} whitespace-nowrap`}>
                        {formatDateTime(superuser.created, locale)}
                      </td>
                      <td className={`${cellClassName} text-right`}>
                        {superusers.length > 1 ? (
                          <ConfirmDialog
                            trigger={
                              <Button variant="outline" size="sm" aria-label={t`Remove ${superuser.email}`}>
                                <Trans>Remove</Trans>
                              </Button>
                            }
                            title={t`Remove ${superuser.email}?`}
                            description={
                              superuser.id === currentId
                                ? t`This is you: your session ends with it.`
                                : t`They can no longer sign in to the dashboard or the API as a superuser.`
                            }
                            confirm={t`Remove`}
                            onConfirm={() => void remove(superuser)}
                          />
                        ) : (
                          <Button variant="outline" size="sm" disabled aria-describedby="last-superuser">
                            <Trans>Remove</Trans>
                          </Button>
                        )}
                      </td>
                    </tr>
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
      </div>
    </div>
  );
}
