import type PocketBase from "pocketbase";
import { sessionFromCookie } from "./session-cookie.ts";
import type { AuthState, AuthUser } from "./auth-state.tsx";
import { isClientResponseError } from "./sdk-error.ts";

/**
 * What the session's requests (sign-in, auth refresh) expand on the user record: their
 * subscription and their Stremio record, so that the header and the account page know them
 * without asking again. The session cookie never keeps them (src/auth/pocketbase.ts keeps a few
 * named fields only).
 */
export const accountExpand = "subscriptions_via_user,stremio_via_user";

const anonymous: AuthState = { status: "anonymous" };
let client: Promise<PocketBase> | undefined;
let loaded: PocketBase | undefined;
let initialCheck: Promise<AuthState> | undefined;
const listeners = new Set<() => void>();

/**
 * The browser's one PocketBase client (the AuthProvider, account pages and route middleware share
 * it). The SDK loads the first time something needs it: a stored session to check, or a form a
 * visitor sends. A signed-out visitor's first page does not download it.
 */
export function loadPocketBase(): Promise<PocketBase> {
  client ??= import("./pocketbase.ts").then(
    ({ createPocketBase }) => {
      loaded = createPocketBase();
      loaded.authStore.onChange(() => listeners.forEach((listener) => listener()));
      return loaded;
    },
    (error: unknown) => {
      client = undefined; // a failed download is tried again next time
      throw error;
    },
  );
  return client;
}

/**
 * Runs an account action: its module (`load`, an `import()` of one of src/auth's action modules)
 * and the PocketBase client come together the first time one runs, so that neither is part of a
 * page's first paint.
 */
export function runAction<M, T>(
  load: () => Promise<M>,
  use: (actions: M, pb: PocketBase) => Promise<T>,
): Promise<T> {
  return Promise.all([load(), loadPocketBase()]).then(([actions, pb]) => use(actions, pb));
}

/** Calls `listener` whenever the session changes (login, logout, a 401); returns the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the session (logout). Nothing to do while the SDK is not loaded: nobody signed in. */
export function clearSession() {
  loaded?.authStore.clear();
}

/** The account state as the SDK's store has it now (signed out while the SDK is not loaded). */
export function currentAuthState(): AuthState {
  const record = loaded?.authStore.record as AuthUser | null | undefined;
  return loaded?.authStore.isValid && record ? { status: "authed", user: record } : anonymous;
}

async function refresh(pb: PocketBase): Promise<AuthState> {
  if (!pb.authStore.isValid || !pb.authStore.record) {
    if (pb.authStore.token) pb.authStore.clear();
    return anonymous;
  }
  try {
    await pb.collection("users").authRefresh({ requestKey: null, expand: accountExpand });
    return currentAuthState();
  } catch (error) {
    // Unreachable server: keep the session (nothing is lost when the network is back).
    if (isClientResponseError(error) && error.status === 0 && !error.isAbort) {
      return { status: "error", message: error.message };
    }
    // A refused auth refresh signs the visitor out.
    pb.authStore.clear();
    return anonymous;
  }
}

/**
 * The stored session is checked once per page load, with an auth refresh; without a stored,
 * unexpired session there is nothing to check (and no SDK to load). Resolves to the state after
 * that check; later changes come through `onSessionChange`.
 */
export function checkSession(): Promise<AuthState> {
  initialCheck ??=
    typeof document !== "undefined" && sessionFromCookie(document.cookie, Date.now())
      ? loadPocketBase().then(refresh, (error: unknown) => ({ status: "error", message: String(error) }))
      : Promise.resolve(anonymous);
  return initialCheck;
}
