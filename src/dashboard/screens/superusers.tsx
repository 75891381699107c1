import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ActionResult, FieldErrors } from "../../auth/action-result.ts";
import { fieldErrorMessage } from "../../auth/field-error-message.ts";
import type { Superuser } from "../superuser.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { ConfirmDialog } from "../../ui/alert-dialog.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailField, PasswordField } from "../../widgets/auth/auth-fields.tsx";
import { useFocusFirstInvalid } from "../../widgets/auth/use-auth-form.ts";
import {
  ActionNote,
  cellClassName,
  DataTable,
  ActionsHeading,
  formatDateTime,
  Loaded,
  PageHeading,
  useLoad,
  type Note,
} from "../widgets/parts.tsx";

export type SuperusersScreenProps = {
  /** The signed-in superuser (marked "you"). */
  currentId: string;
  loadSuperusers: () => Promise<ActionResult<Superuser[]>>;
  addSuperuser: (values: { email: string; password: string }) => Promise<ActionResult<Superuser>>;
  removeSuperuser: (id: string) => Promise<ActionResult>;
};

/** `/_/superusers`: the API's superusers: list, add, remove (never the last one). */
export function SuperusersScreen({
  currentId,
  loadSuperusers,
  addSuperuser,
  removeSuperuser,
}: SuperusersScreenProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [state, reload] = useLoad(loadSuperusers);
  const [note, setNote] = useState<Note | null>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [adding, setAdding] = useState(false);
  const [form, failed] = useFocusFirstInvalid();
  const errorOf = (field: string) =>
    errors[field] ? fieldErrorMessage(i18n, errors[field], field) : undefined;

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
          <form
            ref={form}
            noValidate
            aria-labelledby="add-superuser"
            className="flex flex-col gap-4"
            onSubmit={async (event) => {
              event.preventDefault();
              if (adding) return;
              setAdding(true);
              setNote(null);
              const result = await addSuperuser({ email, password });
              setAdding(false);
              if (result.success) {
                setErrors({});
                setEmail("");
                setPassword("");
                setNote({ kind: "success", text: t`${result.data.email} is now a superuser.` });
                reload();
              } else if (!result.error.aborted) {
                setErrors(result.error.fieldErrors);
                if (Object.keys(result.error.fieldErrors).length === 0)
                  setNote({ kind: "error", text: result.error.message });
                else failed();
              }
            }}
          >
            <EmailField
              name="email"
              value={email}
              onValueChange={(value) => {
                setEmail(value);
                setErrors(({ email: _gone, ...rest }) => rest);
              }}
              error={errorOf("email")}
            />
            <PasswordField
              name="password"
              autoComplete="new-password"
              value={password}
              onValueChange={(value) => {
                setPassword(value);
                setErrors(({ password: _gone, ...rest }) => rest);
              }}
              error={errorOf("password")}
            />
            <Button type="submit" pending={adding}>
              <Trans>Add</Trans>
            </Button>
          </form>
        </section>
      </div>
    </div>
  );
}
