import { useEffect, useMemo, useState, type ReactNode } from "react";
import { AuthContext, authContextValue, type AuthState } from "./auth-state.tsx";
import { leaveLoginNotice } from "./route-middleware.ts";
import { checkSession, clearSession, currentAuthState, onSessionChange } from "./session.ts";

/** "Log out": the session ends, and the login page, where every logout leads, says so. */
function logOut() {
  clearSession();
  leaveLoginNotice("logged-out");
}

/**
 * The live account state: `initialState` (loading) until the stored session has been checked,
 * then whatever the SDK's store says; login, logout and 401s update it through the store.
 */
export function AuthProvider({
  initialState = { status: "loading" },
  children,
}: {
  initialState?: AuthState;
  children: ReactNode;
}) {
  const [state, setState] = useState<AuthState>(initialState);

  useEffect(() => {
    let active = true;
    const unsubscribe = onSessionChange(() => setState(currentAuthState()));
    void checkSession().then((checked) => {
      if (active) setState(checked.status === "error" ? checked : currentAuthState());
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  const value = useMemo(() => authContextValue(state, logOut), [state]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
