import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useId } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useForm } from "#src/forms/use-form.ts";
import { planStatusBadges, planStatusLabels, type PlanState } from "#src/auth/plan-status.ts";
import { Badge } from "#src/ui/badge.tsx";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { Switch } from "#src/ui/switch.tsx";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import type { UserEdit } from "../client/users.ts";
import type { Note } from "../widgets/action-note.tsx";
import { PlanLine } from "#src/widgets/billing/plan-line.tsx";

const editOf = (user: AuthUser): UserEdit => ({
  name: user.name,
  email: user.email,
  stripe: user.stripe,
  admin: user.admin,
  verified: user.verified,
});

/** A labelled switch, its error below. */
export function SwitchField({
  label,
  description,
  checked,
  disabled,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <Field label={label} description={description} orientation="horizontal" error={error}>
      <Switch checked={checked} disabled={disabled} onCheckedChange={onChange} />
    </Field>
  );
}

const fieldsNeedAttention = msg`Some fields need your attention.`;

/**
 * The user's plan, read-only: the server derives the plan, the billing period and the price from
 * the trial and the subscription on every save, whatever is sent.
 */
function PlanSummary({ state }: { state: PlanState }) {
  const { i18n } = useLingui();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2 md:col-span-2">
      <span id={labelId} className="text-sm leading-snug font-medium text-foreground">
        <Trans>Plan</Trans>
      </span>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={planStatusBadges[state.status]}>{i18n._(planStatusLabels[state.status])}</Badge>
        <span>
          <PlanLine state={state} />
        </span>
      </p>
      <p className="text-sm text-muted-foreground">
        <Trans>
          The plan follows the trial and the payments: record a payment or extend the trial below.
        </Trans>
      </p>
    </div>
  );
}

/**
 * The user's record, edited as PocketBase takes it; the result shows in the page's note (`setNote`),
 * the first field to fix gets the focus. The plan (`plan`, `is_monthly`, `price`) is not edited
 * here: it shows as the billing says (`plan`), and follows the trial and the payments.
 */
export function UserForm({
  user,
  plan,
  saveUser,
  onSaved,
  setNote,
}: {
  user: AuthUser;
  /** Where the user's plan stands (`planState`), shown read-only. */
  plan: PlanState;
  saveUser: (id: string, values: UserEdit) => Promise<ActionResult<AuthUser>>;
  onSaved: (user: AuthUser) => void;
  setNote: (note: Note | null) => void;
}) {
  const { t } = useLingui();
  const { id } = user;
  const [saving, runSave] = useAction(
    useCallback((values: UserEdit) => saveUser(id, values), [saveUser, id]),
  );
  const form = useForm<UserEdit>({
    initialValues: editOf(user),
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
      <PlanSummary state={plan} />
      <Field
        label={t`Stripe customer`}
        description={t`Stripe’s customer id, written when the user pays through Stripe.`}
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
