import type * as React from "react";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { checkEmail, collectErrors, requireValue } from "#src/forms/validation.ts";
import { EmailField, PasswordField, useEmailFromLink } from "./auth-fields.tsx";

export type LoginValues = { email: string; password: string };

/**
 * The email-and-password form of both sign-ins, the site's login and the dashboard's superuser
 * sign-in, named by its card's title (`titleId`). Server errors may be keyed `identity`
 * (auth-with-password's body key) or `email`; both show on the email field. `belowPassword` sits
 * right under the password (the "forgot" link). `emailFromLink` fills the email from `?email=`.
 * `passkeys`: the email field's suggestions may offer passkeys.
 */
export function PasswordSignInForm({
  titleId,
  submitLabel,
  belowPassword,
  defaultValues,
  emailFromLink = false,
  passkeys = false,
  status,
  errors,
  message,
  onSubmit,
}: FormProps<LoginValues> & {
  titleId: string;
  submitLabel: React.ReactNode;
  belowPassword?: React.ReactNode;
  defaultValues?: Partial<LoginValues>;
  emailFromLink?: boolean;
  passkeys?: boolean;
}) {
  const form = useForm<LoginValues>({
    initialValues: { email: "", password: "", ...defaultValues },
    validate: (v) => collectErrors({ email: checkEmail(v.email), password: requireValue(v.password) }),
    status,
    errors,
    message,
    otherErrorFields: ["identity"],
    onSubmit,
  });
  useEmailFromLink((email) => form.setValue("email", email), emailFromLink);
  const password = (
    <PasswordField
      name="password"
      value={form.values.password}
      onValueChange={(value) => form.setValue("password", value)}
      error={form.errorFor("password")}
    />
  );
  return (
    <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
      <FormAlert {...form.alert} />
      <EmailField
        name="email"
        value={form.values.email}
        onValueChange={(value) => form.setValue("email", value)}
        error={form.errorFor("email", "identity")}
        passkeys={passkeys}
      />
      {belowPassword ? (
        <div className="flex flex-col gap-2">
          {password}
          {belowPassword}
        </div>
      ) : (
        password
      )}
      <SubmitButton status={status} width="full">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
