import type { MessageDescriptor } from "@lingui/core";
import { useEffect, useRef, useState } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { useAction } from "../../forms/use-action.ts";
import { LoginForm } from "../../widgets/auth/login-form.tsx";

export type LoginScreenProps = {
  login: (email: string, password: string) => Promise<ActionResult<AuthUser>>;
  /**
   * Log in with a passkey (absent where the browser cannot use them). `autofill`: the request
   * waits in the email field's suggestions until the visitor picks a passkey there.
   */
  loginWithPasskey?: (autofill: boolean) => Promise<ActionResult<AuthUser>>;
  /** Whether the browser offers passkeys in the email field's suggestions. */
  passkeyAutofill?: () => Promise<boolean>;
  /** After a successful login (the route sends the visitor back where they came from). */
  onLoggedIn: () => void;
};

const never = () => Promise.resolve(false);
const unavailable = (): Promise<ActionResult<AuthUser>> => Promise.reject(new Error("no passkeys"));

export function LoginScreen({
  login,
  loginWithPasskey,
  passkeyAutofill = never,
  onLoggedIn,
}: LoginScreenProps) {
  const [state, run] = useAction(login);
  const [passkey, runPasskey] = useAction(loginWithPasskey ?? unavailable);
  // Why the passkey picked in the suggestions was not accepted (until the button is used).
  const [autofillError, setAutofillError] = useState<MessageDescriptor | undefined>();
  const loggedIn = useRef(onLoggedIn);
  loggedIn.current = onLoggedIn;

  // The passkeys in the email field's suggestions: one request waits from the page's start; the
  // button replaces it (the browser then cancels it, which is no error).
  useEffect(() => {
    if (!loginWithPasskey) return;
    let active = true;
    void passkeyAutofill().then(async (supported) => {
      if (!supported || !active) return;
      const result = await loginWithPasskey(true);
      if (!active) return;
      if (result.success) loggedIn.current();
      else if (!result.error.aborted) setAutofillError(result.error.message);
    });
    return () => {
      active = false;
    };
  }, [loginWithPasskey, passkeyAutofill]);

  return (
    <div className="flex justify-center py-4 sm:py-10">
      <LoginForm
        status={state.status}
        errors={state.errors}
        message={state.message}
        onSubmit={async ({ email, password }) => {
          if ((await run(email, password))?.success) onLoggedIn();
        }}
        passkey={
          loginWithPasskey
            ? {
                status: passkey.status === "idle" && autofillError ? "error" : passkey.status,
                message: passkey.status === "idle" ? autofillError : passkey.message,
                onLogin: async () => {
                  if ((await runPasskey(false))?.success) onLoggedIn();
                },
              }
            : undefined
        }
      />
    </div>
  );
}
