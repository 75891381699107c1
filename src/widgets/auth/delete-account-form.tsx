import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { collectErrors, requireValue } from "#src/forms/validation.ts";
import { Checkbox } from "#src/ui/checkbox.tsx";
import { Field } from "#src/ui/field.tsx";
import { AuthCard } from "./auth-card.tsx";
import { PasswordField } from "./auth-fields.tsx";

export type DeleteAccountValues = { password: string; understood: boolean };

/**
 * "Delete my account": says what goes, asks the password again and a tick that the user
 * understood. The account page shows the goodbye once the server deleted it.
 */
export function DeleteAccountForm({
  email,
  status,
  errors,
  message,
  onSubmit,
  headingLevel = 2,
}: FormProps<DeleteAccountValues> & { email?: string; headingLevel?: 1 | 2 | 3 }) {
  const { t } = useLingui();
  const titleId = React.useId();
  const form = useForm<DeleteAccountValues>({
    initialValues: { password: "", understood: false },
    validate: (v) =>
      collectErrors({ password: requireValue(v.password), understood: requireValue(v.understood) }),
    status,
    errors,
    message,
    onSubmit,
  });
  return (
    <AuthCard
      data-slot="delete-account-form"
      wide
      titleId={titleId}
      headingLevel={headingLevel}
      title={<Trans>Delete my account</Trans>}
      description={
        <Trans>
          Your account, your Stremio credentials and your sessions are deleted for good; a running
          subscription is canceled first, so nothing more is charged. We confirm it by email.
        </Trans>
      }
    >
      <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
        {email ? (
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        ) : null}
        <FormAlert {...form.alert} />
        <PasswordField
          name="password"
          label={t`Current password`}
          value={form.values.password}
          onValueChange={(value) => form.setValue("password", value)}
          error={form.errorFor("password")}
        />
        <Field
          orientation="horizontal"
          label={t`I understand that my account cannot be restored`}
          error={form.errorFor("understood")}
        >
          <Checkbox
            name="understood"
            checked={form.values.understood}
            onCheckedChange={(checked) => form.setValue("understood", checked)}
          />
        </Field>
        <SubmitButton status={status} variant="destructive" width="full-on-phone" className="self-start">
          <Trans>Delete my account</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
