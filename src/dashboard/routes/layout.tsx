import { msg } from "@lingui/core/macro";
import { Outlet } from "react-router";
import { SuperuserSessionProvider, useSuperuserSession } from "../session.tsx";
import { SuperuserCheckingScreen, SuperuserSignInScreen } from "../screens/sign-in.tsx";
import { useAction } from "../../forms/use-action.ts";
import { DashboardShell } from "../widgets/dashboard-shell.tsx";
import { LoadError } from "../widgets/load-states.tsx";

function Gate() {
  const session = useSuperuserSession();
  const [signIn, runSignIn] = useAction(session.signIn);
  const { state } = session;
  if (state.status === "signed-in") {
    return (
      <DashboardShell email={state.superuser.email} onSignOut={session.signOut}>
        <Outlet />
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
          status={signIn.status}
          errors={signIn.errors}
          message={signIn.message}
          onSubmit={(values) => void runSignIn(values.email, values.password)}
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
