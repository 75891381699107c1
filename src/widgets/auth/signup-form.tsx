import { Plural, Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { useLocale } from "#src/i18n/use-locale.ts";
import { siteConfig } from "#shared/site-config.ts";
import { Badge } from "#src/ui/badge.tsx";
import { Checkbox } from "#src/ui/checkbox.tsx";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";
import { EmailField } from "./auth-fields.tsx";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { NewPasswordFields, newPasswordChecks } from "./new-password-fields.tsx";
import { PlanOption, PlanOptionGroup } from "./plan-option.tsx";
import { formatPrice } from "#shared/format.ts";
import { useNow } from "#src/lib/use-now.ts";
import { OrderButtonText, OrderSummary } from "#src/widgets/billing/order-step.tsx";
import { yearlySavingPercent, type Billing, type Plan } from "#src/auth/plan-price.ts";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { checkEmail, collectErrors, requireValue } from "#src/forms/validation.ts";

export type SignupFormValues = {
  name: string;
  email: string;
  password: string;
  passwordConfirm: string;
  plan: Plan;
  /** Meaningful for the paid plan only. */
  billing: Billing;
  newsletter: boolean;
  /** The paid plan: the customer asks the service to start within the withdrawal period. */
  startNow: boolean;
  /** Consent to the terms of use (/cgu); required, so always true in `onSubmit`. */
  terms: boolean;
};

/** When a trial taken at `now` ends (a PocketBase datetime). */
function trialEndFrom(now: Date): string {
  const end = new Date(now.getTime() + siteConfig.plans.trialDays * 24 * 60 * 60 * 1000);
  return end.toISOString().replace("T", " ");
}

/** Sign-up: name, email, password twice, plan (free trial or paid, monthly or yearly), newsletter, terms. */
export function SignupForm({
  defaultValues,
  choice,
  status,
  errors,
  message,
  onSubmit,
}: FormProps<SignupFormValues> & {
  defaultValues?: Partial<SignupFormValues>;
  /**
   * The plan a link chose (`/signup?plan=paid&interval=year`). A prerendered page learns it once
   * hydrated, after its first render: the form then switches to it.
   */
  choice?: Partial<Pick<SignupFormValues, "plan" | "billing">>;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const now = useNow();
  const titleId = React.useId();
  const form = useForm<SignupFormValues>({
    initialValues: {
      name: "",
      email: "",
      password: "",
      passwordConfirm: "",
      plan: "free",
      billing: "monthly",
      newsletter: false,
      startNow: false,
      terms: false,
      ...defaultValues,
      ...choice,
    },
    validate: (v) =>
      collectErrors({
        name: requireValue(v.name),
        email: checkEmail(v.email),
        ...newPasswordChecks(v),
        terms: requireValue(v.terms),
      }),
    status,
    errors,
    message,
    otherErrorFields: ["price", "is_monthly"],
    onSubmit,
  });
  const { values } = form;
  const { plan: chosenPlan, billing: chosenBilling } = choice ?? {};
  React.useEffect(() => {
    if (chosenPlan) form.setValue("plan", chosenPlan);
    if (chosenBilling) form.setValue("billing", chosenBilling);
    // The choice only: a visitor's own clicks afterwards stay theirs.
  }, [chosenPlan, chosenBilling]);
  const trialDays = siteConfig.plans.trialDays;
  const monthly = formatPrice(siteConfig.plans.paid.monthly, locale);
  const yearly = formatPrice(siteConfig.plans.paid.yearly, locale);
  const saving = yearlySavingPercent();

  return (
    <AuthCard
      data-slot="signup-form"
      wide
      titleId={titleId}
      title={<Trans>Create your account</Trans>}
      description={
        <Trans>Start with a free trial or choose the paid plan. You can change your mind later.</Trans>
      }
      footer={
        <p>
          <Trans>
            Already have an account?{" "}
            <LocalizedLink to="/login" className={textLinkClassName}>
              Log in
            </LocalizedLink>
          </Trans>
        </p>
      }
    >
      <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
        <FormAlert {...form.alert} />
        <Field label={t`Name`} error={form.errorFor("name")}>
          <Input
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(e) => form.setValue("name", e.target.value)}
          />
        </Field>
        <div className="flex flex-col gap-2">
          <EmailField
            name="email"
            value={values.email}
            onValueChange={(value) => form.setValue("email", value)}
            error={form.errorFor("email")}
          />
          {form.serverError("email")?.code === "validation_not_unique" ? (
            <ExistingAccountLinks email={values.email.trim()} />
          ) : null}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <NewPasswordFields form={form} purpose="signup" />
        </div>

        <PlanOptionGroup
          label={t`Plan`}
          error={form.errorFor("plan")}
          name="plan"
          value={values.plan}
          onValueChange={(plan) => form.setValue("plan", plan as Plan)}
        >
          <PlanOption
            value="free"
            title={<Trans>Free trial</Trans>}
            detail={
              <Plural
                value={trialDays}
                one="# day free, no card needed"
                other="# days free, no card needed"
              />
            }
          />
          <PlanOption
            value="paid"
            title={<Trans>Paid plan</Trans>}
            detail={<Trans>From {monthly} incl. VAT per month</Trans>}
          />
        </PlanOptionGroup>

        {values.plan === "paid" ? (
          <PlanOptionGroup
            label={t`Billing`}
            error={form.errorFor("billing", "price", "is_monthly")}
            name="billing"
            value={values.billing}
            onValueChange={(billing) => form.setValue("billing", billing as Billing)}
          >
            <PlanOption
              value="monthly"
              title={<Trans>Monthly</Trans>}
              detail={<Trans>{monthly} incl. VAT per month</Trans>}
            />
            <PlanOption
              value="yearly"
              title={<Trans>Yearly</Trans>}
              badge={
                <Badge variant="success">
                  <Trans>Save {saving}%</Trans>
                </Badge>
              }
              detail={<Trans>{yearly} incl. VAT per year</Trans>}
            />
          </PlanOptionGroup>
        ) : null}

        <div className="flex flex-col gap-4">
          <Field orientation="horizontal" label={t`Send me product news and tips (at most once a month)`}>
            <Checkbox
              name="newsletter"
              checked={values.newsletter}
              onCheckedChange={(checked) => form.setValue("newsletter", checked === true)}
            />
          </Field>
          <Field
            orientation="horizontal"
            label={
              <Trans>
                I accept the{" "}
                <LocalizedLink
                  to="/cgu"
                  className="text-primary underline underline-offset-4 hover:no-underline"
                >
                  terms of use
                </LocalizedLink>
              </Trans>
            }
            error={form.errorFor("terms")}
          >
            <Checkbox
              name="terms"
              required
              checked={values.terms}
              onCheckedChange={(checked) => form.setValue("terms", checked === true)}
            />
          </Field>
        </div>

        {values.plan === "paid" ? (
          <OrderSummary
            heading="h2"
            interval={values.billing === "yearly" ? "year" : "month"}
            first={{ kind: "after-new-trial", date: trialEndFrom(now) }}
            startNow={values.startNow}
            onStartNowChange={(startNow) => form.setValue("startNow", startNow)}
          />
        ) : null}

        <SubmitButton status={status} width="full">
          {values.plan === "free" ? <Trans>Start my free trial</Trans> : <OrderButtonText />}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** The ways forward when the address already has an account: log in, or reset its password. */
function ExistingAccountLinks({ email }: { email: string }) {
  const query = new URLSearchParams({ email }).toString();
  return (
    <p data-slot="existing-account" className="text-sm text-muted-foreground">
      <Trans>
        Is it yours?{" "}
        <LocalizedLink to={`/login?${query}`} className={textLinkClassName}>
          Log in with this address
        </LocalizedLink>{" "}
        or{" "}
        <LocalizedLink to={`/forgot-password?${query}`} className={textLinkClassName}>
          reset your password
        </LocalizedLink>
        .
      </Trans>
    </p>
  );
}
