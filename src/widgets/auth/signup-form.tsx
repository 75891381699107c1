import { Plural, Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { siteConfig } from "../../site-config.ts";
import { Badge } from "../../ui/badge.tsx";
import { Checkbox } from "../../ui/checkbox.tsx";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { PasswordInput } from "../../ui/password-input.tsx";
import { RadioGroup, RadioGroupItem } from "../../ui/radio-group.tsx";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";
import { FormAlert, SubmitButton } from "./form-parts.tsx";
import { formatPrice } from "../../lib/format.ts";
import { yearlySavingPercent, type Billing, type Plan } from "./plan-price.ts";
import { useAuthForm, type AuthFormProps } from "./use-auth-form.ts";
import {
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  collectErrors,
  passwordLength,
  requireValue,
} from "./validation.ts";

export type SignupFormValues = {
  name: string;
  email: string;
  password: string;
  passwordConfirm: string;
  plan: Plan;
  /** Meaningful for the paid plan only. */
  billing: Billing;
  newsletter: boolean;
  /** Consent to the terms of use (/cgu); required, so always true in `onSubmit`. */
  terms: boolean;
};

const optionClassName =
  "flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-background/40 p-4 transition-colors hover:border-muted-foreground has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/40";

/** Sign-up: name, email, password twice, plan (free trial or paid, monthly or yearly), newsletter, terms. */
export function SignupForm({
  defaultValues,
  status,
  errors,
  message,
  onSubmit,
}: AuthFormProps<SignupFormValues> & { defaultValues?: Partial<SignupFormValues> }) {
  const { t } = useLingui();
  const locale = useLocale();
  const titleId = React.useId();
  const form = useAuthForm<SignupFormValues>({
    initialValues: {
      name: "",
      email: "",
      password: "",
      passwordConfirm: "",
      plan: "free",
      billing: "monthly",
      newsletter: false,
      terms: false,
      ...defaultValues,
    },
    validate: (v) =>
      collectErrors({
        name: requireValue(v.name),
        email: checkEmail(v.email),
        password: checkNewPassword(v.password),
        passwordConfirm: checkConfirmation(v.password, v.passwordConfirm),
        terms: requireValue(v.terms),
      }),
    status,
    errors,
    message,
    otherErrorFields: ["price", "is_monthly"],
    onSubmit,
  });
  const { values } = form;
  const trialDays = siteConfig.plans.trialDays;
  const monthly = formatPrice(siteConfig.plans.paid.monthly, locale);
  const yearly = formatPrice(siteConfig.plans.paid.yearly, locale);
  const saving = yearlySavingPercent();
  const minLength = passwordLength.min;
  const maxLength = passwordLength.max;

  return (
    <AuthCard
      data-slot="signup-form"
      className="max-w-xl"
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
        <Field label={t`Email`} error={form.errorFor("email")}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            value={values.email}
            onChange={(e) => form.setValue("email", e.target.value)}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t`Password`}
            description={t`From ${minLength} to ${maxLength} characters: letters, numbers, spaces and symbols all work. An accented letter or an emoji counts as two or more.`}
            error={form.errorFor("password")}
          >
            <PasswordInput
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => form.setValue("password", e.target.value)}
            />
          </Field>
          <Field label={t`Confirm password`} error={form.errorFor("passwordConfirm")}>
            <PasswordInput
              name="passwordConfirm"
              autoComplete="new-password"
              value={values.passwordConfirm}
              onChange={(e) => form.setValue("passwordConfirm", e.target.value)}
            />
          </Field>
        </div>

        <Field label={t`Plan`} error={form.errorFor("plan")}>
          <RadioGroup
            name="plan"
            value={values.plan}
            onValueChange={(plan) => form.setValue("plan", plan as Plan)}
            className="sm:grid-cols-2"
          >
            <Label className={optionClassName}>
              <RadioGroupItem value="free" className="mt-0.5" />
              <span className="flex flex-col gap-1">
                <span className="font-semibold">
                  <Trans>Free trial</Trans>
                </span>
                <span className="font-normal text-muted-foreground">
                  <Plural
                    value={trialDays}
                    one="# day free, no card needed"
                    other="# days free, no card needed"
                  />
                </span>
              </span>
            </Label>
            <Label className={optionClassName}>
              <RadioGroupItem value="paid" className="mt-0.5" />
              <span className="flex flex-col gap-1">
                <span className="font-semibold">
                  <Trans>Paid plan</Trans>
                </span>
                <span className="font-normal text-muted-foreground">
                  <Trans>From {monthly} per month</Trans>
                </span>
              </span>
            </Label>
          </RadioGroup>
        </Field>

        {values.plan === "paid" ? (
          <Field label={t`Billing`} error={form.errorFor("billing", "price", "is_monthly")}>
            <RadioGroup
              name="billing"
              value={values.billing}
              onValueChange={(billing) => form.setValue("billing", billing as Billing)}
              className="sm:grid-cols-2"
            >
              <Label className={optionClassName}>
                <RadioGroupItem value="monthly" className="mt-0.5" />
                <span className="flex flex-col gap-1">
                  <span className="font-semibold">
                    <Trans>Monthly</Trans>
                  </span>
                  <span className="font-normal text-muted-foreground">
                    <Trans>{monthly} per month</Trans>
                  </span>
                </span>
              </Label>
              <Label className={optionClassName}>
                <RadioGroupItem value="yearly" className="mt-0.5" />
                <span className="flex flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2 font-semibold">
                    <Trans>Yearly</Trans>
                    <Badge variant="success">
                      <Trans>Save {saving}%</Trans>
                    </Badge>
                  </span>
                  <span className="font-normal text-muted-foreground">
                    <Trans>{yearly} per year</Trans>
                  </span>
                </span>
              </Label>
            </RadioGroup>
          </Field>
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

        <SubmitButton status={status} className="sm:w-full">
          {values.plan === "free" ? <Trans>Start my free trial</Trans> : <Trans>Create my account</Trans>}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
