import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { useAction } from "../../forms/use-action.ts";
import { useForm } from "../../forms/use-form.ts";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import { Switch } from "../../ui/switch.tsx";
import type { UserDetails, UserEdit } from "../superuser.ts";
import type { Note } from "../widgets/action-note.tsx";
import { ChoiceField } from "../widgets/choice-field.tsx";

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

/**
 * The user's record, edited as PocketBase takes it; the result shows in the page's note (`setNote`),
 * the first field to fix gets the focus.
 */
export function UserForm({
  details,
  saveUser,
  onSaved,
  setNote,
}: {
  details: UserDetails;
  saveUser: (id: string, values: UserEdit) => Promise<ActionResult<AuthUser>>;
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
