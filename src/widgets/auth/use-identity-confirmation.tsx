import * as React from "react";
import type { IdentityProof } from "#shared/two-factor.ts";
import { needsIdentityConfirmation } from "#src/auth/action-error.ts";
import type { ActionResult } from "#src/forms/action-result.ts";

/** "Confirm it's you" for the signed-in record (the site's user, the dashboard's superuser). */
export type IdentityActions = {
  /** Proves it is them (`…/confirm-identity`); the session then may change its second factors. */
  confirm: (proof: IdentityProof) => Promise<ActionResult<unknown>>;
  /** Whether two-factor sign-in is on: the dialog then offers a code instead of the password. */
  twoFactorOn: () => Promise<boolean>;
};

// The dialog (Radix's, its focus trap and scroll lock) loads the first time an action needs it.
const ConfirmIdentityStep = React.lazy(() =>
  import("./confirm-identity-dialog.tsx").then((module) => ({ default: module.ConfirmIdentityStep })),
);

/**
 * The "confirm it's you" step of the actions that change how one signs in (adding or removing a
 * passkey, turning on two-factor sign-in). `confirming(action)` runs `action`; when the server
 * answers that the session has no recent proof, it asks for one in a dialog (`dialog`, to render
 * in the card), then runs `action` again with the same arguments. Closing the dialog ends the
 * action as cancelled, which no form shows as an error.
 */
export function useIdentityConfirmation(identity: IdentityActions) {
  const [open, setOpen] = React.useState(false);
  // Each request gets a fresh dialog; the last one stays mounted so that closing plays its exit.
  const [round, setRound] = React.useState(0);
  const [codeAllowed, setCodeAllowed] = React.useState(false);
  const settle = React.useRef<((confirmed: boolean) => void) | null>(null);

  const ask = () =>
    new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setCodeAllowed(false);
      setRound((n) => n + 1);
      setOpen(true);
      void identity.twoFactorOn().then(setCodeAllowed, () => undefined);
    });

  const confirming =
    <A extends unknown[], T>(action: (...args: A) => Promise<ActionResult<T>>) =>
    async (...args: A): Promise<ActionResult<T>> => {
      const result = await action(...args);
      if (result.success || !needsIdentityConfirmation(result.error)) return result;
      if (!(await ask())) return { success: false, error: { ...result.error, aborted: true } };
      return action(...args);
    };

  const dialog =
    round > 0 ? (
      <React.Suspense fallback={null}>
        <ConfirmIdentityStep
          key={round}
          open={open}
          codeAllowed={codeAllowed}
          confirm={identity.confirm}
          onDone={(confirmed) => {
            setOpen(false);
            settle.current?.(confirmed);
            settle.current = null;
          }}
        />
      </React.Suspense>
    ) : null;

  return { confirming, dialog };
}
