import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import type { IdentityProof } from "#shared/two-factor.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { useAction } from "#src/forms/use-action.ts";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { collectErrors, requireValue } from "#src/forms/validation.ts";
import { Button } from "#src/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#src/ui/dialog.tsx";
import { textLinkClassName } from "./auth-card.tsx";
import { CodeField, PasswordField } from "./auth-fields.tsx";

export type ConfirmIdentityValues = { password: string; code: string };

/** How the person proves it is them: their password, or (two-factor on) a code from the app. */
export type IdentityMethod = "password" | "code";

/**
 * "Confirm it's you", the dialog: the current password, or, when `codeAllowed` (two-factor sign-in
 * is on), a code from the authenticator app instead (`method`, switched with `onMethodChange`).
 * Submitting sends the one proof asked for; the server's refusals show on its field or banner.
 * `useIdentityConfirmation` opens it when an action needs it.
 */
export function ConfirmIdentityDialog({
  open,
  onOpenChange,
  codeAllowed,
  method,
  onMethodChange,
  status,
  errors,
  message,
  onSubmit,
}: FormProps<IdentityProof> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  codeAllowed: boolean;
  method: IdentityMethod;
  onMethodChange: (method: IdentityMethod) => void;
}) {
  const { t } = useLingui();
  const byCode = codeAllowed && method === "code";
  const form = useForm<ConfirmIdentityValues>({
    initialValues: { password: "", code: "" },
    validate: (v) =>
      collectErrors({
        password: byCode ? undefined : requireValue(v.password),
        code: byCode ? requireValue(v.code) : undefined,
      }),
    status,
    errors,
    message,
    onSubmit: (v) => onSubmit(byCode ? { code: v.code } : { password: v.password }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-slot="confirm-identity">
        <form className="flex flex-col gap-5" {...form.formProps}>
          <DialogHeader>
            <DialogTitle>
              <Trans>Confirm it’s you</Trans>
            </DialogTitle>
            <DialogDescription>
              {byCode ? (
                <Trans>
                  Enter the code your authenticator app shows. You will not be asked again for a few minutes.
                </Trans>
              ) : (
                <Trans>Enter your current password. You will not be asked again for a few minutes.</Trans>
              )}
            </DialogDescription>
          </DialogHeader>
          <FormAlert {...form.alert} />
          {byCode ? (
            <CodeField
              name="code"
              label={t`Code from the app`}
              value={form.values.code}
              onValueChange={(value) => form.setValue("code", value)}
              error={form.errorFor("code")}
            />
          ) : (
            <PasswordField
              name="password"
              label={t`Current password`}
              value={form.values.password}
              onValueChange={(value) => form.setValue("password", value)}
              error={form.errorFor("password")}
            />
          )}
          {codeAllowed ? (
            <button
              type="button"
              className={`${textLinkClassName} self-start text-sm`}
              onClick={() => onMethodChange(byCode ? "password" : "code")}
            >
              {byCode ? (
                <Trans>Use your password instead</Trans>
              ) : (
                <Trans>Use a code from your authenticator app instead</Trans>
              )}
            </button>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <SubmitButton status={status}>
              <Trans>Confirm</Trans>
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog as `useIdentityConfirmation` opens it: sends the proof with `confirm`, then calls
 * `onDone(true)` once the server took it, or `onDone(false)` when the person closes it. Mounted
 * afresh each time it is asked for, so nothing typed or refused before shows.
 */
export function ConfirmIdentityStep({
  open,
  codeAllowed,
  confirm,
  onDone,
}: {
  open: boolean;
  codeAllowed: boolean;
  confirm: (proof: IdentityProof) => Promise<ActionResult<unknown>>;
  onDone: (confirmed: boolean) => void;
}) {
  const [method, setMethod] = React.useState<IdentityMethod>("password");
  const [attempt, runConfirm] = useAction(confirm);
  return (
    <ConfirmIdentityDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onDone(false);
      }}
      codeAllowed={codeAllowed}
      method={method}
      onMethodChange={setMethod}
      status={attempt.status}
      errors={attempt.errors}
      message={attempt.message}
      onSubmit={async (proof) => {
        const result = await runConfirm(proof);
        if (result?.success) onDone(true);
      }}
    />
  );
}
