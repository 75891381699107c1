import type { MessageDescriptor } from "@lingui/core";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { PasswordSignIn } from "#src/auth/account.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { codeStepExpired } from "#src/auth/sign-in-support.ts";
import { useAction } from "#src/forms/use-action.ts";
import { LoginForm } from "#src/widgets/auth/login-form.tsx";

// The code step, for the few accounts with two-factor sign-in on: loaded once a password asks for it.
const TwoFactorCodeForm = lazy(() =>
  import("#src/widgets/auth/two-factor-code-form.tsx").then((module) => ({
    default: module.TwoFactorCodeForm,
  })),
);

export type LoginScreenProps = {
  /** The password step: signed in, or the code step's id when two-factor sign-in is on. */
  login: (email: string, password: string) => Promise<ActionResult<PasswordSignIn>>;
  /** The code step: a code from the app or a recovery code, with the password step's id. */
  loginWithCode: (mfaId: string, code: string) => Promise<ActionResult<AuthUser>>;
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
  loginWithCode,
  loginWithPasskey,
  passkeyAutofill = never,
  onLoggedIn,
}: LoginScreenProps) {
  const [state, run, resetPassword] = useAction(login);
  const [codeState, runCode, resetCode] = useAction(loginWithCode);
  // The code step's id while it is shown; why the password is asked again when the step expired.
  const [mfaId, setMfaId] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [passkey, runPasskey, resetPasskey] = useAction(loginWithPasskey ?? unavailable);
  // Why the passkey picked in the suggestions was not accepted (until the button is used).
  const [autofillError, setAutofillError] = useState<MessageDescriptor | undefined>();
  const loggedIn = useRef(onLoggedIn);
  loggedIn.current = onLoggedIn;

  // One way of logging in at a time: turning to another (the password, the passkey, the code
  // step) clears what the others last said.
  const leavePassword = useCallback(() => {
    resetPassword();
    setExpired(false);
  }, [resetPassword]);
  const leavePasskey = () => {
    resetPasskey();
    setAutofillError(undefined);
  };

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
      else if (!result.error.aborted) {
        // A passkey picked in the suggestions: the password's answer no longer applies.
        leavePassword();
        setAutofillError(result.error.message);
      }
    });
    return () => {
      active = false;
    };
  }, [loginWithPasskey, passkeyAutofill, leavePassword]);

  if (mfaId) {
    return (
      <div className="flex justify-center py-4 sm:py-10">
        <Suspense fallback={null}>
          <TwoFactorCodeForm
            status={codeState.status}
            errors={codeState.errors}
            message={codeState.message}
            onCancel={() => setMfaId(null)}
            onSubmit={async ({ code }) => {
              const result = await runCode(mfaId, code);
              if (result?.success) onLoggedIn();
              else if (result?.error.message === codeStepExpired) {
                setExpired(true);
                setMfaId(null);
              }
            }}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="flex justify-center py-4 sm:py-10">
      <LoginForm
        status={expired ? "error" : state.status}
        errors={state.errors}
        message={expired ? codeStepExpired : state.message}
        onSubmit={async ({ email, password }) => {
          setExpired(false);
          leavePasskey();
          const result = await run(email, password);
          if (!result?.success) return;
          if (result.data.user) onLoggedIn();
          else {
            resetCode();
            setMfaId(result.data.mfaId);
          }
        }}
        passkey={
          loginWithPasskey
            ? {
                status: passkey.status === "idle" && autofillError ? "error" : passkey.status,
                message: passkey.status === "idle" ? autofillError : passkey.message,
                onLogin: async () => {
                  leavePassword();
                  if ((await runPasskey(false))?.success) onLoggedIn();
                },
              }
            : undefined
        }
      />
    </div>
  );
}
