import type PocketBase from "pocketbase";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { checkSuperuser, createSuperuserClient, signInSuperuser, type Superuser } from "./superuser.ts";

/** Where the dashboard's superuser session stands. */
export type SuperuserState =
  | { status: "checking" }
  | { status: "signed-out" }
  | { status: "signed-in"; superuser: Superuser }
  | { status: "error" };

export type SuperuserSession = {
  state: SuperuserState;
  /** The superuser's client: every dashboard call goes through it. Null before the first render in the browser. */
  pb: PocketBase | null;
  signIn: typeof signInSuperuser extends (pb: PocketBase, ...rest: infer A) => infer R
    ? (...args: A) => R
    : never;
  signOut: () => void;
  /** Checks the stored session again (after a restore, or a network error). */
  recheck: () => void;
};

const SessionContext = createContext<SuperuserSession | null>(null);

/** The dashboard's session: its own client and store, checked once when the dashboard opens. */
export function SuperuserSessionProvider({ children }: { children: ReactNode }) {
  const [pb, setPb] = useState<PocketBase | null>(null);
  const [state, setState] = useState<SuperuserState>({ status: "checking" });
  const [check, setCheck] = useState(0);

  useEffect(() => {
    const client = pb ?? createSuperuserClient();
    if (!pb) setPb(client);
    let active = true;
    // A second check (after a restore) keeps the page on screen until it has an answer.
    if (check === 0) setState({ status: "checking" });
    void checkSuperuser(client).then((result) => {
      if (!active) return;
      if (!result.success) setState({ status: "error" });
      else setState(result.data ? { status: "signed-in", superuser: result.data } : { status: "signed-out" });
    });
    // A 401 anywhere (an expired token, a restore without this superuser) signs the dashboard out.
    const unsubscribe = client.authStore.onChange((token) => {
      if (!token && active) setState({ status: "signed-out" });
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [check]);

  const signIn = useCallback<SuperuserSession["signIn"]>(
    async (email, password) => {
      const result = await signInSuperuser(pb ?? createSuperuserClient(), email, password);
      if (result.success) setState({ status: "signed-in", superuser: result.data });
      return result;
    },
    [pb],
  );
  const signOut = useCallback(() => {
    pb?.authStore.clear();
    setState({ status: "signed-out" });
  }, [pb]);
  const recheck = useCallback(() => setCheck((n) => n + 1), []);

  const value = useMemo(
    () => ({ state, pb, signIn, signOut, recheck }),
    [state, pb, signIn, signOut, recheck],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSuperuserSession(): SuperuserSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSuperuserSession outside SuperuserSessionProvider");
  return session;
}
