import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";
import { EmailField, PasswordField } from "./auth-fields.tsx";
import { FormAlert } from "../../forms/form-alert.tsx";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { useForm, type FormProps } from "../../forms/use-form.ts";
import { checkEmail, collectErrors, requireValue } from "../../forms/validation.ts";

export type LoginValues = { email: string; password: string };

/**
 * Login by email and password. Server errors may be keyed `identity` (auth-with-password's body
 * key) or `email`; both show on the email field.
 */
export function LoginForm({
  defaultValues,
  status,
  errors,
  message,
  onSubmit,
}: FormProps<LoginValues> & { defaultValues?: Partial<LoginValues> }) {
  const titleId = React.useId();
  const form = useForm<LoginValues>({
    initialValues: { email: "", password: "", ...defaultValues },
    validate: (v) => collectErrors({ email: checkEmail(v.email), password: requireValue(v.password) }),
    status,
    errors,
    message,
    otherErrorFields: ["identity"],
    onSubmit,
  });
  return (
    <AuthCard
      data-slot="login-form"
      titleId={titleId}
      title={<Trans>Log in</Trans>}
      description={<Trans>Welcome back. Log in to manage your account and your Stremio access.</Trans>}
      footer={
        <p>
          <Trans>
            No account yet?{" "}
            <LocalizedLink to="/signup" className={textLinkClassName}>
              Sign up
            </LocalizedLink>
          </Trans>
        </p>
      }
    >
      <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
        <FormAlert {...form.alert} />
        <EmailField
          name="email"
          value={form.values.email}
          onValueChange={(value) => form.setValue("email", value)}
          error={form.errorFor("email", "identity")}
        />
        <div className="flex flex-col gap-2">
          <PasswordField
            name="password"
            value={form.values.password}
            onValueChange={(value) => form.setValue("password", value)}
            error={form.errorFor("password")}
          />
          <LocalizedLink to="/forgot-password" className={`self-end text-sm ${textLinkClassName}`}>
            <Trans>Forgot your password?</Trans>
          </LocalizedLink>
        </div>
        <SubmitButton status={status} className="w-full">
          <Trans>Log in</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
