import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { formatPrice } from "#shared/format.ts";
import { siteConfig } from "#shared/site-config.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useForm } from "#src/forms/use-form.ts";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { Switch } from "#src/ui/switch.tsx";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import type { UserDetails, UserEdit } from "../client/users.ts";
import type { Note } from "../widgets/action-note.tsx";
import { ChoiceField } from "../widgets/choice-field.tsx";
import { useOwnWords } from "../widgets/own-words.ts";

/**
 * The price a plan is saved with: the site's constants, as the server requires of a superuser's
 * save (a trial is free, the paid plan costs its monthly or yearly price).
 */
export function planPrice(plan: UserEdit["plan"], monthly: boolean): number {
  if (plan !== "paid") return 0;
  return monthly ? siteConfig.plans.paid.monthly : siteConfig.plans.paid.yearly;
}

const editOf = (user: AuthUser): UserEdit => ({
  name: user.name,
  email: user.email,
  plan: user.plan,
  price: planPrice(user.plan, user.is_monthly),
  is_monthly: user.is_monthly,
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
 * The user's record, edited as PocketBase takes it; the result shows in the page's note (`setNote`),
 * the first field to fix gets the focus. The price is not typed: it follows the plan and the
 * billing period (a trial is never saved with a price, nor billed monthly).
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
  const locale = useLocale();
  const wordError = useOwnWords();
  const { id } = details.user;
  const [saving, runSave] = useAction(
    useCallback(
      (values: UserEdit) => {
        const monthly = values.plan === "paid" && values.is_monthly;
        return saveUser(id, { ...values, is_monthly: monthly, price: planPrice(values.plan, monthly) });
      },
      [saveUser, id],
    ),
  );
  const form = useForm<UserEdit>({
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
  const paid = form.values.plan === "paid";
  const monthly = formatPrice(siteConfig.plans.paid.monthly, locale);
  const yearly = formatPrice(siteConfig.plans.paid.yearly, locale);
  const stored = details.user.price;
  const storedPrice = formatPrice(stored, locale);
  const priceError = wordError(form.errorFor("price"), saving.errors.price, "price", {
    validation_price_mismatch: t`The price follows the plan: free for a trial, ${monthly} a month or ${yearly} a year.`,
  });
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
        onChange={(plan) => {
          set("plan", plan);
          set("price", planPrice(plan, form.values.is_monthly));
        }}
      />
      <Field
        label={t`Price`}
        description={
          stored === form.values.price
            ? t`Set by the plan and the billing period.`
            : t`Set by the plan and the billing period. The record says ${storedPrice} until you save.`
        }
        error={priceError}
      >
        <Input name="price" readOnly value={formatPrice(form.values.price, locale)} />
      </Field>
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
          label={t`Billed monthly`}
          description={paid ? undefined : t`A trial is not billed.`}
          checked={paid && form.values.is_monthly}
          disabled={!paid}
          onChange={(v) => {
            set("is_monthly", v);
            set("price", planPrice(form.values.plan, v));
          }}
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
