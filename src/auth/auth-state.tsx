import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Subscription } from "#shared/billing.ts";

/**
 * The user's `stremio` record: their Stremio username (`email`) and password, the one copy of
 * that secret, which only they can read; `field` says whether they may stream.
 */
export type StremioRecord = {
  id: string;
  user: string;
  email: string;
  password: string;
  field: "active" | "inactive";
};

/** The `users` record as the site reads it (docs/api.md, Collections). */
export type AuthUser = {
  id: string;
  collectionId: string;
  collectionName: string;
  email: string;
  emailVisibility: boolean;
  verified: boolean;
  name: string;
  affiliate_code: string;
  /**
   * "paid" while a subscription entitles the user or awaits payment, else "free"; chosen at
   * sign-up, then the server's to keep in line (src/auth/plan-status.ts reads it).
   */
  plan: "free" | "paid";
  is_monthly: boolean;
  price: number;
  newsletter: boolean;
  admin: boolean;
  is_api: boolean;
  /** Stripe's customer id, once the user has been through Checkout; the server's to write. */
  stripe: string;
  /** When the free trial ends (PocketBase datetime), set by the server at sign-up. */
  trial_ends: string;
  /** The Stremio username, named by the server after the user's stremio record. */
  stremio_username: string;
  created: string;
  updated: string;
  /**
   * What the session's requests ask for (`accountExpand`): the user's subscription
   * (src/auth/billing.ts) and their Stremio record.
   */
  expand?: { subscriptions_via_user?: Subscription; stremio_via_user?: StremioRecord };
};

/** One union for every account state the UI can be in (docs/product.md, Account states). */
export type AuthState =
  | { status: "loading" }
  | { status: "anonymous" }
  | { status: "authed"; user: AuthUser }
  | { status: "error"; message: string };

/** What components read: the state plus the derived `user`, `isAuthenticated`, `isLoading`. */
export type AuthContextValue = {
  state: AuthState;
  user: AuthUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  logout: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function authContextValue(state: AuthState, logout: () => void): AuthContextValue {
  return {
    state,
    user: state.status === "authed" ? state.user : null,
    isAuthenticated: state.status === "authed",
    isLoading: state.status === "loading",
    logout,
  };
}

/** The account state; outside a provider the visitor is signed out. */
export function useAuth(): AuthContextValue {
  return useContext(AuthContext) ?? anonymousValue;
}

const anonymousValue = authContextValue({ status: "anonymous" }, () => {});

/** A provider with a fixed state: for stories and tests (the live one talks to PocketBase). */
export function StaticAuthProvider({
  state,
  onLogout = () => {},
  children,
}: {
  state: AuthState;
  onLogout?: () => void;
  children: ReactNode;
}) {
  const value = useMemo(() => authContextValue(state, onLogout), [state, onLogout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
