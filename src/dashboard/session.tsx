import type PocketBase from "pocketbase";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { ActionResult } from "../forms/action-result.ts";
import {
  checkSuperuser,
  createSuperuserClient,
  signInSuperuser,
  signInSuperuserWithCode,
  signInSuperuserWithPasskey,
  type SuperuserCheck,
  type SuperuserSignIn,
} from "./client/sessions.ts";
import type { Superuser } from "./client/superusers.ts";

/** Where the dashboard's superuser session stands. */
export type SuperuserState =
  | { status: "checking" }
  | Exclude<SuperuserCheck, { status: "signed-out" }>
  /** `notice`: after a password change that needs a code from the app to sign in again. */
  | { status: "signed-out"; notice?: "password-changed" }
  | { status: "error" };

export type SuperuserSession = {
  state: SuperuserState;
  /** The superuser's client: every dashboard call goes through it. Null before the first render in the browser. */
  pb: PocketBase | null;
  /** The password step: signed in, or the code step's id (two-factor sign-in on). */
  signIn: (email: string, password: string) => Promise<ActionResult<SuperuserSignIn>>;
  signInWithCode: (mfaId: string, code: string) => Promise<ActionResult<Superuser>>;
  signInWithPasskey: () => Promise<ActionResult<Superuser>>;
  signOut: () => void;
  /** The password changed and signing in again needs a code: the sign-in form, which says so. */
  signOutAfterPasswordChange: () => void;
  /** Checks the stored session again (after a restore, or a network error). */
  recheck: () => void;
};

const SessionContext = createContext<SuperuserSession | null>(null);

/** The dashboard's session: its own client and store, checked once when the dashboard opens. */
export function SuperuserSessionProvider({ children }: { children: ReactNode }) {
  const [pb, setPb] = useState<PocketBase | null>(null);
  const [state, setState] = useState<SuperuserState>({ status: "checking" });
  const [check, setCheck] = useState(0);
  const newClient = useCallback(
    () =>
      // A session the server refuses for want of a second factor (opened with a password alone,
      // or before the server required one): the dashboard says what to do instead of failing.
      createSuperuserClient(undefined, () =>
        setState((s) => (s.status === "signed-in" ? { ...s, status: "second-factor-required" } : s)),
      ),
    [],
  );

  useEffect(() => {
    const client = pb ?? newClient();
    if (!pb) setPb(client);
    let active = true;
    // A second check (after a restore) keeps the page on screen until it has an answer.
    if (check === 0) setState({ status: "checking" });
    void checkSuperuser(client).then((result) => {
      if (active) setState(result.success ? result.data : { status: "error" });
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

  const client = useCallback(() => pb ?? newClient(), [pb, newClient]);
  const signIn = useCallback<SuperuserSession["signIn"]>(
    async (email, password) => {
      const result = await signInSuperuser(client(), email, password);
      if (result.success && result.data.superuser) {
        setState({ status: "signed-in", superuser: result.data.superuser });
      }
      return result;
    },
    [client],
  );
  const signedIn = (result: ActionResult<Superuser>) => {
    if (result.success) setState({ status: "signed-in", superuser: result.data });
    return result;
  };
  const signInWithCode = useCallback<SuperuserSession["signInWithCode"]>(
    async (mfaId, code) => signedIn(await signInSuperuserWithCode(client(), mfaId, code)),
    [client],
  );
  const signInWithPasskey = useCallback<SuperuserSession["signInWithPasskey"]>(
    async () => signedIn(await signInSuperuserWithPasskey(client())),
    [client],
  );
  const signOut = useCallback(() => {
    pb?.authStore.clear();
    setState({ status: "signed-out" });
  }, [pb]);
  const signOutAfterPasswordChange = useCallback(() => {
    pb?.authStore.clear();
    setState({ status: "signed-out", notice: "password-changed" });
  }, [pb]);
  const recheck = useCallback(() => setCheck((n) => n + 1), []);

  const value = useMemo(
    () => ({
      state,
      pb,
      signIn,
      signInWithCode,
      signInWithPasskey,
      signOut,
      signOutAfterPasswordChange,
      recheck,
    }),
    [state, pb, signIn, signInWithCode, signInWithPasskey, signOut, signOutAfterPasswordChange, recheck],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSuperuserSession(): SuperuserSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSuperuserSession outside SuperuserSessionProvider");
  return session;
}
