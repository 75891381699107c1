import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { AuthCard } from "../../widgets/auth/auth-card.tsx";
import { EmailField, PasswordField } from "../../widgets/auth/auth-fields.tsx";
import { FormAlert } from "../../forms/form-alert.tsx";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { useForm, type FormProps } from "../../forms/use-form.ts";
import { checkEmail, collectErrors, requireValue } from "../../forms/validation.ts";

export type SuperuserSignInValues = { email: string; password: string };

/** What every dashboard page shows without a superuser session: the superuser sign-in form. */
export function SuperuserSignInScreen({
  status,
  errors,
  message,
  onSubmit,
}: FormProps<SuperuserSignInValues>) {
  const titleId = React.useId();
  const form = useForm<SuperuserSignInValues>({
    initialValues: { email: "", password: "" },
    validate: (v) => collectErrors({ email: checkEmail(v.email), password: requireValue(v.password) }),
    status,
    errors,
    message,
    otherErrorFields: ["identity"],
    onSubmit,
  });
  return (
    <div className="flex justify-center py-8">
      <AuthCard
        data-slot="superuser-sign-in"
        titleId={titleId}
        title={<Trans>Superuser sign-in</Trans>}
        description={
          <Trans>
            The dashboard is for the API’s superusers. Create the first one on the server with npm run
            superuser.
          </Trans>
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
          <PasswordField
            name="password"
            value={form.values.password}
            onValueChange={(value) => form.setValue("password", value)}
            error={form.errorFor("password")}
          />
          <SubmitButton status={status} className="w-full">
            <Trans>Sign in</Trans>
          </SubmitButton>
        </form>
      </AuthCard>
    </div>
  );
}

/** While the stored superuser session is being checked. */
export function SuperuserCheckingScreen() {
  return (
    <div role="status" className="py-16 text-center text-muted-foreground">
      <Trans>Checking your superuser session…</Trans>
    </div>
  );
}
