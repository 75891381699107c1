import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { AuthCard } from "./auth-card.tsx";
import { EmailField } from "./auth-fields.tsx";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { checkEmail, collectErrors } from "#src/forms/validation.ts";

export type EmailChangeValues = { newEmail: string };

/**
 * Email change, PocketBase's way (request-email-change): a confirmation link goes to the new
 * address, and the change happens when it is opened.
 */
export function EmailChangeForm({
  currentEmail,
  status,
  errors,
  message,
  onSubmit,
  headingLevel = 2,
}: FormProps<EmailChangeValues> & { currentEmail: string; headingLevel?: 1 | 2 | 3 }) {
  const { t } = useLingui();
  const titleId = React.useId();
  const form = useForm<EmailChangeValues>({
    initialValues: { newEmail: "" },
    validate: (v) => collectErrors({ newEmail: checkEmail(v.newEmail) }),
    status,
    errors,
    message,
    otherErrorFields: ["email"],
    onSubmit,
  });
  const newEmail = form.values.newEmail.trim();
  return (
    <AuthCard
      data-slot="email-change-form"
      wide
      titleId={titleId}
      headingLevel={headingLevel}
      title={<Trans>Email address</Trans>}
      description={
        <Trans>
          Your current address is <strong className="font-medium text-foreground">{currentEmail}</strong>. We
          will send a confirmation link to the new address; the change takes effect once you open it.
        </Trans>
      }
    >
      <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
        <FormAlert {...form.alert} />
        <FormSuccess show={status === "success"}>
          <Trans>Check your inbox at {newEmail}: open the link we sent to confirm the change.</Trans>
        </FormSuccess>
        <EmailField
          name="newEmail"
          label={t`New email address`}
          value={form.values.newEmail}
          onValueChange={(value) => form.setValue("newEmail", value)}
          error={form.errorFor("newEmail", "email")}
        />
        <SubmitButton status={status} width="full-on-phone" className="self-start">
          <Trans>Send the confirmation link</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
