import type PocketBase from "pocketbase";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { AuthContext, authContextValue, type AuthState } from "./auth-state.tsx";
import { checkSession, currentAuthState, getPocketBase } from "./session.ts";

const PocketBaseContext = createContext<PocketBase | null>(null);

/** The PocketBase client of the live AuthProvider (account routes build their actions with it). */
export function usePocketBase(): PocketBase {
  const pb = useContext(PocketBaseContext);
  if (!pb) throw new Error("usePocketBase() needs an <AuthProvider>");
  return pb;
}

/**
 * The live account state: `initialState` (loading) until the stored session has been checked,
 * then whatever the SDK's store says; login, logout and 401s update it through the store.
 */
export function AuthProvider({
  pb: given,
  initialState = { status: "loading" },
  children,
}: {
  pb?: PocketBase;
  initialState?: AuthState;
  children: ReactNode;
}) {
  const [pb] = useState(() => given ?? getPocketBase());
  const [state, setState] = useState<AuthState>(initialState);

  useEffect(() => {
    let active = true;
    const unsubscribe = pb.authStore.onChange(() => setState(currentAuthState(pb)));
    void checkSession(pb).then((checked) => {
      if (active) setState(checked.status === "error" ? checked : currentAuthState(pb));
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [pb]);

  const logout = useCallback(() => pb.authStore.clear(), [pb]);
  const value = useMemo(() => authContextValue(state, logout), [state, logout]);

  return (
    <PocketBaseContext.Provider value={pb}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </PocketBaseContext.Provider>
  );
}
