import type { MessageDescriptor } from "@lingui/core";
import { Trans } from "@lingui/react/macro";
import type * as React from "react";
import { KeyRound } from "lucide-react";
import { FormAlert } from "#src/forms/form-alert.tsx";
import type { FormStatus } from "#src/forms/use-form.ts";
import { Button } from "#src/ui/button.tsx";

/** Log in with a passkey: its request's state, and the button's action. */
export type PasskeyLogin = {
  status: FormStatus;
  message: MessageDescriptor | undefined;
  onLogin: () => void;
};

/**
 * Signing in with a passkey under a password form (the site's login, the dashboard's sign-in):
 * "or", why the last try failed, and the button, labelled by `children`.
 */
export function PasskeyLoginButton({
  status,
  message,
  onLogin,
  children,
}: PasskeyLogin & { children: React.ReactNode }) {
  return (
    <div data-slot="passkey-login" className="flex flex-col gap-5">
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        <Trans>or</Trans>
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <FormAlert status={status} message={message} />
      <Button variant="outline" className="w-full" pending={status === "submitting"} onClick={onLogin}>
        <KeyRound aria-hidden="true" />
        {children}
      </Button>
    </div>
  );
}
