import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { needsIdentityConfirmation } from "#src/auth/action-error.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { codeStepExpired } from "#src/auth/sign-in-support.ts";
import { FormSuccess } from "#src/forms/form-alert.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { Button } from "#src/ui/button.tsx";
import { AuthCard } from "#src/widgets/auth/auth-card.tsx";
import { PasskeyLoginButton } from "#src/widgets/auth/passkey-login.tsx";
import { PasswordSignInForm } from "#src/widgets/auth/password-sign-in-form.tsx";
import { TwoFactorCodeForm } from "#src/widgets/auth/two-factor-code-form.tsx";
import type { SuperuserSignIn } from "../client/sessions.ts";
import type { Superuser } from "../client/superusers.ts";
import { Loaded } from "../widgets/load-states.tsx";
import { OwnSecondFactors, type OwnSecondFactorActions } from "../widgets/own-second-factors.tsx";
import { PageHeading } from "../widgets/page-heading.tsx";
import { useLoad } from "../widgets/use-load.ts";

export type SuperuserSignInProps = {
  /** The password step: signed in, or the code step's id when the superuser has two-factor sign-in on. */
  signIn: (email: string, password: string) => Promise<ActionResult<SuperuserSignIn>>;
  /** The code step: a code from the app or a recovery code, with the password step's id. */
  signInWithCode: (mfaId: string, code: string) => Promise<ActionResult<Superuser>>;
  /** Sign in with a passkey (absent where the browser cannot use them). */
  signInWithPasskey?: () => Promise<ActionResult<Superuser>>;
  /** Why the dashboard signed out: the new password, then a code from the app, sign in again. */
  notice?: "password-changed";
};

const noPasskeys = (): Promise<ActionResult<Superuser>> => Promise.reject(new Error("no passkeys"));

/**
 * What every dashboard page shows without a superuser session: the superuser sign-in, with a
 * password (then a code from the authenticator app, when the superuser has two-factor sign-in on)
 * or a passkey. Signed in, the session shows the dashboard in its place.
 */
export function SuperuserSignInScreen({
  signIn,
  signInWithCode,
  signInWithPasskey,
  notice,
}: SuperuserSignInProps) {
  const titleId = React.useId();
  const [password, runPassword, resetPassword] = useAction(signIn);
  const [code, runCode, resetCode] = useAction(signInWithCode);
  const [passkey, runPasskey, resetPasskey] = useAction(signInWithPasskey ?? noPasskeys);
  // The code step's id while it is shown; why the password is asked again when the step expired.
  const [mfaId, setMfaId] = React.useState<string | null>(null);
  const [expired, setExpired] = React.useState(false);

  if (mfaId) {
    return (
      <div className="flex justify-center py-8">
        <TwoFactorCodeForm
          headingLevel={1}
          submitLabel={<Trans>Sign in</Trans>}
          cancelLabel={<Trans>Sign in with another account</Trans>}
          status={code.status}
          errors={code.errors}
          message={code.message}
          onCancel={() => setMfaId(null)}
          onSubmit={async (values) => {
            const result = await runCode(mfaId, values.code);
            if (result?.success === false && result.error.message === codeStepExpired) {
              setExpired(true);
              setMfaId(null);
            }
          }}
        />
      </div>
    );
  }

  return (
    <div className="flex justify-center py-8">
      <AuthCard
        data-slot="superuser-sign-in"
        titleId={titleId}
        title={<Trans>Superuser sign-in</Trans>}
        description={
          <Trans>
            The dashboard is for the API’s superusers. Create the first one on the server with npm run
            superuser.
          </Trans>
        }
      >
        <div className="flex flex-col gap-5">
          <FormSuccess show={notice === "password-changed" && password.status === "idle" && !expired}>
            <Trans>Your password has been changed. Sign in with it, then with a code from your app.</Trans>
          </FormSuccess>
          <PasswordSignInForm
            titleId={titleId}
            submitLabel={<Trans>Sign in</Trans>}
            status={expired ? "error" : password.status}
            errors={password.errors}
            message={expired ? codeStepExpired : password.message}
            onSubmit={async (values) => {
              // One way of signing in at a time: the passkey's last answer no longer applies.
              setExpired(false);
              resetPasskey();
              const result = await runPassword(values.email, values.password);
              if (result?.success && result.data.mfaId) {
                resetCode();
                setMfaId(result.data.mfaId);
              }
            }}
          />
          {signInWithPasskey ? (
            <PasskeyLoginButton
              status={passkey.status}
              message={passkey.message}
              onLogin={() => {
                // The password's last answer no longer applies.
                setExpired(false);
                resetPassword();
                void runPasskey();
              }}
            >
              <Trans>Sign in with a passkey</Trans>
            </PasskeyLoginButton>
          ) : null}
        </div>
      </AuthCard>
    </div>
  );
}

export type SecondFactorRequiredProps = {
  /** The signed-in superuser's email (their downloaded recovery codes say whose they are). */
  email: string;
  /**
   * Whether they already hold a passkey or an authenticator app: the server then refuses this
   * session's own enrolment too, where it otherwise lets it add the first.
   */
  holdsSecondFactor: () => Promise<ActionResult<boolean>>;
  actions: OwnSecondFactorActions;
  onSignOut: () => void;
};

/**
 * Each action as given, but a refusal (403) also calls `refused`; not the one asking to confirm it
 * is them, which the card answers with its "Confirm it's you" step.
 */
function watchRefusals<T extends object>(actions: T, refused: () => void): T {
  return Object.fromEntries(
    Object.entries(actions).map(([name, action]) => [
      name,
      typeof action !== "function"
        ? action
        : async (...args: unknown[]) => {
            const result = (await action(...args)) as ActionResult<unknown>;
            if (!result.success && result.error.status === 403 && !needsIdentityConfirmation(result.error)) {
              refused();
            }
            return result;
          },
    ]),
  ) as T;
}

/**
 * In place of every dashboard page when the server requires superusers to sign in with a second
 * factor and this session was opened with a password alone. A superuser with none yet adds a
 * passkey or an authenticator app here, then signs in again with it; one who has one is told to
 * sign in with it.
 */
export function SecondFactorRequiredScreen({
  email,
  holdsSecondFactor,
  actions,
  onSignOut,
}: SecondFactorRequiredProps) {
  const [state, reload] = useLoad(holdsSecondFactor);
  // A passkey added, or the authenticator app's recovery codes put away (the card then asks the
  // server again, which refuses this session its enrolment routes once it holds a second factor):
  // the screen then says to sign out and sign in with it.
  const [added, setAdded] = React.useState(false);
  const watched = React.useMemo<OwnSecondFactorActions>(() => {
    const passkeys = watchRefusals(actions.passkeys, () => setAdded(true));
    return {
      ...actions,
      passkeys: {
        ...passkeys,
        add: async () => {
          const result = await passkeys.add();
          if (result.success) setAdded(true);
          return result;
        },
      },
      twoFactor: watchRefusals(actions.twoFactor, () => setAdded(true)),
    };
  }, [actions]);
  return (
    <div data-slot="second-factor-required">
      <PageHeading
        title={<Trans>A second factor is required</Trans>}
        description={
          <Trans>
            This server requires superusers to sign in with a passkey or an authenticator app: a password
            alone opens nothing.
          </Trans>
        }
      />
      <Loaded state={state} onRetry={reload} rows={2}>
        {(holds) =>
          holds || added ? (
            <div className="flex max-w-2xl flex-col items-start gap-4">
              <p>
                <Trans>
                  You already have one. Sign out, then sign in with your passkey, or with your password and
                  the code from your authenticator app.
                </Trans>
              </p>
              <Button onClick={onSignOut}>
                <Trans>Sign out</Trans>
              </Button>
            </div>
          ) : (
            <div className="flex flex-col items-start gap-6">
              <p className="max-w-2xl">
                <Trans>
                  You have none yet. Add a passkey or turn on two-factor sign-in below, then sign out and sign
                  in with it.
                </Trans>
              </p>
              <OwnSecondFactors actions={watched} email={email} headingLevel={2} />
              <Button onClick={onSignOut}>
                <Trans>Sign out, then sign in with it</Trans>
              </Button>
            </div>
          )
        }
      </Loaded>
    </div>
  );
}

/** While the stored superuser session is being checked. */
export function SuperuserCheckingScreen() {
  return (
    <div role="status" className="py-16 text-center text-muted-foreground">
      <Trans>Checking your superuser session…</Trans>
    </div>
  );
}
