import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";
import { EmailField, useEmailFromLink } from "./auth-fields.tsx";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { checkEmail, collectErrors } from "#src/forms/validation.ts";

export type ForgotPasswordValues = { email: string };

/**
 * Asks for a password reset link. PocketBase answers the same for unknown addresses, so the
 * success text never says whether an account exists. A link may fill the address in (`?email=`).
 */
export function ForgotPasswordForm({
  defaultValues,
  status,
  errors,
  message,
  onSubmit,
}: FormProps<ForgotPasswordValues> & { defaultValues?: Partial<ForgotPasswordValues> }) {
  const titleId = React.useId();
  const form = useForm<ForgotPasswordValues>({
    initialValues: { email: "", ...defaultValues },
    validate: (v) => collectErrors({ email: checkEmail(v.email) }),
    status,
    errors,
    message,
    onSubmit,
  });
  useEmailFromLink((value) => form.setValue("email", value));
  const email = form.values.email.trim();
  return (
    <AuthCard
      data-slot="forgot-password-form"
      titleId={titleId}
      title={<Trans>Forgot your password?</Trans>}
      description={
        <Trans>Enter your email address and we will send you a link to choose a new password.</Trans>
      }
      footer={
        <LocalizedLink to="/login" className={textLinkClassName}>
          <Trans>Back to login</Trans>
        </LocalizedLink>
      }
    >
      <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
        <FormAlert {...form.alert} />
        <FormSuccess show={status === "success"}>
          <Trans>If an account exists for {email}, a reset link is on its way. Check your inbox.</Trans>
        </FormSuccess>
        <EmailField
          name="email"
          value={form.values.email}
          onValueChange={(value) => form.setValue("email", value)}
          error={form.errorFor("email")}
        />
        <SubmitButton status={status} width="full">
          <Trans>Send the reset link</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
