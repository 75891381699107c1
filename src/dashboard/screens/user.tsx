import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { planStatus, planStatusBadges, planStatusLabels } from "../../auth/plan-status.ts";
import type { UserDetails, UserEdit } from "../superuser.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { ConfirmDialog } from "../../ui/alert-dialog.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import { Switch } from "../../ui/switch.tsx";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { useAction } from "../../forms/use-action.ts";
import { useForm } from "../../forms/use-form.ts";
import {
  ActionNote,
  ChoiceField,
  LoadError,
  LoadingRows,
  PageHeading,
  useLoad,
  type Note,
} from "../widgets/parts.tsx";
import { formatDateTime } from "../../lib/format.ts";

export type UserScreenProps = {
  id: string;
  loadUser: (id: string) => Promise<ActionResult<UserDetails>>;
  saveUser: (id: string, values: UserEdit) => Promise<ActionResult<AuthUser>>;
  sendVerification: (email: string) => Promise<ActionResult>;
  sendPasswordReset: (email: string) => Promise<ActionResult>;
  deleteUser: (id: string) => Promise<ActionResult>;
  /** After the user is deleted (the route goes back to the list). */
  onDeleted: () => void;
};

type FormValues = Omit<UserEdit, "price"> & { price: string };

const editOf = (user: AuthUser): FormValues => ({
  name: user.name,
  email: user.email,
  plan: user.plan,
  price: String(user.price),
  is_monthly: user.is_monthly,
  stripe: user.stripe,
  admin: user.admin,
  verified: user.verified,
});

function SwitchField({
  label,
  checked,
  onChange,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <Field label={label} orientation="horizontal" error={error}>
      <Switch checked={checked} onCheckedChange={onChange} />
    </Field>
  );
}

const fieldsNeedAttention = msg`Some fields need your attention.`;

function UserForm({
  details,
  saveUser,
  onSaved,
  setNote,
}: {
  details: UserDetails;
  saveUser: UserScreenProps["saveUser"];
  onSaved: (user: AuthUser) => void;
  setNote: (note: Note | null) => void;
}) {
  const { t } = useLingui();
  const { id } = details.user;
  const [saving, runSave] = useAction(
    useCallback(
      (values: FormValues) => {
        const price = Number(values.price.replace(",", "."));
        return saveUser(id, { ...values, price: Number.isFinite(price) ? price : NaN });
      },
      [saveUser, id],
    ),
  );
  const form = useForm<FormValues>({
    initialValues: editOf(details.user),
    ...saving,
    onSubmit: async (values) => {
      setNote(null);
      const result = await runSave(values);
      if (!result) return;
      if (result.success) {
        setNote({ kind: "success", text: t`The user is saved.` });
        onSaved(result.data);
      } else if (!result.error.aborted) {
        const invalid = Object.keys(result.error.fieldErrors).length > 0;
        setNote({ kind: "error", text: invalid ? fieldsNeedAttention : result.error.message });
      }
    },
  });
  const set = form.setValue;
  return (
    <form aria-label={t`Edit the user`} className="grid gap-5 md:grid-cols-2" {...form.formProps}>
      <Field label={t`Name`} error={form.errorFor("name")}>
        <Input name="name" value={form.values.name} onChange={(e) => set("name", e.target.value)} />
      </Field>
      <Field label={t`Email`} error={form.errorFor("email")}>
        <Input
          name="email"
          type="email"
          value={form.values.email}
          onChange={(e) => set("email", e.target.value)}
        />
      </Field>
      <ChoiceField
        label={t`Plan`}
        value={form.values.plan}
        options={[
          { value: "free", label: t`Trial (free)` },
          { value: "paid", label: t`Paid` },
        ]}
        onChange={(plan) => set("plan", plan)}
      />
      <Field label={t`Price`} error={form.errorFor("price")}>
        <Input
          name="price"
          inputMode="decimal"
          value={form.values.price}
          onChange={(e) => set("price", e.target.value)}
        />
      </Field>
      <Field
        label={t`Stripe customer`}
        description={t`Filled once the payment arrived: a paid plan without it awaits payment.`}
        error={form.errorFor("stripe")}
      >
        <Input
          name="stripe"
          autoComplete="off"
          value={form.values.stripe}
          onChange={(e) => set("stripe", e.target.value)}
        />
      </Field>
      <div className="flex flex-col gap-4">
        <SwitchField
          label={t`Billed monthly`}
          checked={form.values.is_monthly}
          onChange={(v) => set("is_monthly", v)}
          error={form.errorFor("is_monthly")}
        />
        <SwitchField
          label={t`Site admin`}
          checked={form.values.admin}
          onChange={(v) => set("admin", v)}
          error={form.errorFor("admin")}
        />
        <SwitchField
          label={t`Verified`}
          checked={form.values.verified}
          onChange={(v) => set("verified", v)}
          error={form.errorFor("verified")}
        />
      </div>
      <div className="md:col-span-2">
        <SubmitButton status={saving.status}>
          <Trans>Save</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}

/** `/_/user?id=`: one user: edit, mails sent again, Stremio record, delete. */
export function UserScreen({
  id,
  loadUser,
  saveUser,
  sendVerification,
  sendPasswordReset,
  deleteUser,
  onDeleted,
}: UserScreenProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const load = useCallback(() => loadUser(id), [loadUser, id]);
  const [state, reload] = useLoad(load);
  const [details, setDetails] = useState<UserDetails | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState<"verification" | "reset" | "delete" | null>(null);
  useEffect(() => setDetails(state.status === "ready" ? state.data : null), [state]);

  const run = async (
    kind: "verification" | "reset" | "delete",
    action: () => Promise<ActionResult>,
    done: string,
  ) => {
    setBusy(kind);
    setNote(null);
    const result = await action();
    setBusy(null);
    if (result.success) {
      if (kind === "delete") onDeleted();
      else setNote({ kind: "success", text: done });
    } else if (!result.error.aborted) setNote({ kind: "error", text: result.error.message });
  };

  const back = (
    <LocalizedLink to="/_" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
      <Trans>All users</Trans>
    </LocalizedLink>
  );
  if (!id) {
    return (
      <div>
        <PageHeading title={<Trans>User</Trans>} />
        <p role="alert" className="mb-4">
          <Trans>No user is named in the address.</Trans>
        </p>
        {back}
      </div>
    );
  }
  if (state.status === "loading" || (state.status === "ready" && !details)) return <LoadingRows />;
  if (state.status === "error") {
    return (
      <div className="flex flex-col gap-4">
        <LoadError message={state.message} onRetry={reload} />
        {back}
      </div>
    );
  }
  if (!details) return null;
  const { user, stremio } = details;
  const status = planStatus(user);
  return (
    <div>
      {back}
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
        <section aria-labelledby="user-edit" className="rounded-lg border p-5">
          <h2 id="user-edit" className="mb-4 text-lg font-semibold">
            <Trans>Account</Trans>
          </h2>
          <UserForm
            key={user.updated}
            details={details}
            saveUser={saveUser}
            setNote={setNote}
            onSaved={(saved) => setDetails({ ...details, user: saved })}
          />
        </section>
        <div className="flex flex-col gap-6">
          <section aria-labelledby="user-stremio" className="rounded-lg border p-5">
            <h2 id="user-stremio" className="mb-3 text-lg font-semibold">
              <Trans>Stremio record</Trans>
            </h2>
            {stremio ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
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
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Trans>This user has no Stremio record.</Trans>
              </p>
            )}
          </section>
          <section aria-labelledby="user-mails" className="flex flex-col gap-3 rounded-lg border p-5">
            <h2 id="user-mails" className="text-lg font-semibold">
              <Trans>Emails</Trans>
            </h2>
            <Button
              variant="outline"
              pending={busy === "verification"}
              disabled={user.verified}
              onClick={() =>
                run(
                  "verification",
                  () => sendVerification(user.email),
                  t`The verification email is on its way.`,
                )
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
        </div>
      </div>
    </div>
  );
}
