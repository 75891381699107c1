import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { Button } from "#src/ui/button.tsx";
import { AuthCard } from "./auth-card.tsx";
import { NewPasswordFields, newPasswordChecks } from "./new-password-fields.tsx";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { SuccessThenLogIn } from "./log-in-button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { collectErrors } from "#src/forms/validation.ts";

export type ResetPasswordValues = { password: string; passwordConfirm: string };

/**
 * Chooses a new password from a reset link (the route holds the token). A `token` error (a link
 * used already, expired or forged) replaces the form: no password typed there could be saved, so
 * the card says the link is dead and leads to a new one.
 */
export function ResetPasswordForm({ status, errors, message, onSubmit }: FormProps<ResetPasswordValues>) {
  const titleId = React.useId();
  const form = useForm<ResetPasswordValues>({
    initialValues: { password: "", passwordConfirm: "" },
    validate: (v) => collectErrors(newPasswordChecks(v)),
    status,
    errors,
    message,
    onSubmit,
    resetOnSuccess: true,
  });
  if (errors?.token && status === "error") {
    return (
      <AuthCard
        data-slot="reset-password-form"
        data-state="link-invalid"
        title={<Trans>This link doesn't work</Trans>}
      >
        <div className="flex flex-col gap-5">
          <FormAlert status="error" message={form.alert.message} />
          <p className="text-sm text-muted-foreground">
            <Trans>A reset link works once, for a limited time. Ask for a new one and use it soon.</Trans>
          </p>
          <Button asChild className="sm:w-full">
            <LocalizedLink to="/forgot-password">
              <Trans>Ask for a new link</Trans>
            </LocalizedLink>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard data-slot="reset-password-form" titleId={titleId} title={<Trans>Choose a new password</Trans>}>
      {status === "success" ? (
        <SuccessThenLogIn>
          <Trans>Your password has been changed. You can now log in with it.</Trans>
        </SuccessThenLogIn>
      ) : (
        <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
          <FormAlert {...form.alert} />
          <NewPasswordFields form={form} />
          <SubmitButton status={status} width="full">
            <Trans>Save the new password</Trans>
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
