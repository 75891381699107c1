import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { totpDigits } from "#shared/two-factor.ts";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { collectErrors, requireValue } from "#src/forms/validation.ts";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";
import { CodeField } from "./auth-fields.tsx";

export type TwoFactorCodeValues = { code: string };

/**
 * The second step of a login with two-factor sign-in on: a code from the authenticator app, or one
 * of the recovery codes for a lost phone. `onCancel` goes back to the password (another account).
 */
export function TwoFactorCodeForm({
  onCancel,
  headingLevel = 1,
  submitLabel = <Trans>Log in</Trans>,
  cancelLabel = <Trans>Log in with another account</Trans>,
  ...props
}: FormProps<TwoFactorCodeValues> & {
  onCancel: () => void;
  headingLevel?: 1 | 2 | 3;
  /** The words of where it is used: "Log in" on the site, "Sign in" on the dashboard. */
  submitLabel?: React.ReactNode;
  cancelLabel?: React.ReactNode;
}) {
  const titleId = React.useId();
  const [recovery, setRecovery] = React.useState(false);
  const form = useForm<TwoFactorCodeValues>({
    initialValues: { code: "" },
    validate: (v) => collectErrors({ code: requireValue(v.code) }),
    ...props,
  });
  return (
    <AuthCard
      data-slot="two-factor-code-form"
      titleId={titleId}
      headingLevel={headingLevel}
      title={<Trans>Two-factor sign-in</Trans>}
      description={
        recovery ? (
          <Trans>Enter one of the recovery codes you saved. Each one works once.</Trans>
        ) : (
          <Trans>Enter the {totpDigits}-digit code your authenticator app shows for this account.</Trans>
        )
      }
    >
      <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
        <FormAlert {...form.alert} />
        <CodeField
          key={recovery ? "recovery" : "code"}
          name="code"
          recovery={recovery}
          value={form.values.code}
          onValueChange={(value) => form.setValue("code", value)}
          error={form.errorFor("code")}
        />
        <SubmitButton status={props.status} width="full">
          {submitLabel}
        </SubmitButton>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm">
          <button
            type="button"
            className={`cursor-pointer ${textLinkClassName}`}
            onClick={() => {
              setRecovery(!recovery);
              form.setValue("code", "");
            }}
          >
            {recovery ? <Trans>Use a code from the app</Trans> : <Trans>Use a recovery code</Trans>}
          </button>
          <button
            type="button"
            className="cursor-pointer text-muted-foreground underline-offset-4 hover:underline"
            onClick={onCancel}
          >
            {cancelLabel}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
