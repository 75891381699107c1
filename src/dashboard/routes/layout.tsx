import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { Outlet } from "react-router";
import { passkeysSupported } from "#src/auth/sign-in-support.ts";
import { SuperuserSessionProvider, useSuperuserSession } from "../session.tsx";
import {
  SecondFactorRequiredScreen,
  SuperuserCheckingScreen,
  SuperuserSignInScreen,
} from "../screens/sign-in.tsx";
import { holdsSecondFactor } from "../client/sessions.ts";
import { DashboardShell } from "../widgets/dashboard-shell.tsx";
import { LoadError } from "../widgets/load-states.tsx";
import { useOwnSecondFactorActions } from "./use-own-second-factors.ts";
import { useSuperuserClient } from "./use-superuser-client.ts";

/** What to do when the server requires a second factor that this session was not opened with. */
function SecondFactorRequired({ email }: { email: string }) {
  const pb = useSuperuserClient();
  const { signOut } = useSuperuserSession();
  return (
    <SecondFactorRequiredScreen
      email={email}
      holdsSecondFactor={useCallback(() => holdsSecondFactor(pb), [pb])}
      actions={useOwnSecondFactorActions(pb)}
      onSignOut={signOut}
    />
  );
}

function Gate() {
  const session = useSuperuserSession();
  const { state } = session;
  if (state.status === "signed-in") {
    return (
      <DashboardShell email={state.superuser.email} onSignOut={session.signOut}>
        <Outlet />
      </DashboardShell>
    );
  }
  if (state.status === "second-factor-required") {
    // No navigation: every page would be refused.
    return (
      <DashboardShell email={state.superuser.email} onSignOut={session.signOut} navigation={false}>
        <SecondFactorRequired email={state.superuser.email} />
      </DashboardShell>
    );
  }
  return (
    <DashboardShell>
      {state.status === "checking" ? <SuperuserCheckingScreen /> : null}
      {state.status === "error" ? (
        <LoadError
          message={msg`Cannot reach the server. Check your connection and try again.`}
          onRetry={session.recheck}
        />
      ) : null}
      {state.status === "signed-out" ? (
        <SuperuserSignInScreen
          signIn={session.signIn}
          signInWithCode={session.signInWithCode}
          signInWithPasskey={passkeysSupported() ? session.signInWithPasskey : undefined}
          notice={state.notice}
        />
      ) : null}
    </DashboardShell>
  );
}

/**
 * The superuser dashboard's layout (`/_/…`): its own session (not the visitor's), and the sign-in
 * form in place of every page until a superuser signs in.
 */
export default function DashboardLayout() {
  return (
    <SuperuserSessionProvider>
      <Gate />
    </SuperuserSessionProvider>
  );
}
