import PocketBase, { ClientResponseError } from "pocketbase";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { AuthContext, authContextValue, type AuthState, type AuthUser } from "./auth-state.tsx";
import { createPocketBase } from "./pocketbase.ts";

const PocketBaseContext = createContext<PocketBase | null>(null);

/** The PocketBase client of the live AuthProvider (account screens call actions with it). */
export function usePocketBase(): PocketBase {
  const pb = useContext(PocketBaseContext);
  if (!pb) throw new Error("usePocketBase() needs an <AuthProvider>");
  return pb;
}

function stateOf(pb: PocketBase): AuthState {
  const record = pb.authStore.record as AuthUser | null;
  return pb.authStore.isValid && record ? { status: "authed", user: record } : { status: "anonymous" };
}

/**
 * The live account state (SPEC §4): `loading` until the stored session has been checked with an
 * auth refresh; a refused refresh signs out; an unreachable server is the `error` state (the
 * session is kept, so nothing is lost when the network comes back).
 */
export function AuthProvider({ pb: given, children }: { pb?: PocketBase; children: ReactNode }) {
  const [pb] = useState(() => given ?? createPocketBase());
  const [state, setState] = useState<AuthState>({ status: "loading" });

  const check = useCallback(async () => {
    if (!pb.authStore.isValid || !pb.authStore.record) {
      if (pb.authStore.token) pb.authStore.clear();
      setState({ status: "anonymous" });
      return;
    }
    try {
      await pb.collection("users").authRefresh({ requestKey: null });
      setState(stateOf(pb));
    } catch (error) {
      if (error instanceof ClientResponseError && error.status === 0 && !error.isAbort) {
        setState({ status: "error", message: error.message });
      } else {
        pb.authStore.clear();
        setState({ status: "anonymous" });
      }
    }
  }, [pb]);

  useEffect(() => {
    const unsubscribe = pb.authStore.onChange(() => setState(stateOf(pb)));
    void check();
    return unsubscribe;
  }, [pb, check]);

  const logout = useCallback(() => pb.authStore.clear(), [pb]);
  const value = useMemo(() => authContextValue(state, logout), [state, logout]);

  return (
    <PocketBaseContext.Provider value={pb}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </PocketBaseContext.Provider>
  );
}
