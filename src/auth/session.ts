import PocketBase, { ClientResponseError } from "pocketbase";
import type { AuthState, AuthUser } from "./auth-state.tsx";
import { createPocketBase } from "./pocketbase.ts";

let client: PocketBase | undefined;
let initialCheck: Promise<AuthState> | undefined;

/** The browser's one PocketBase client (the AuthProvider, account screens and route middleware share it). */
export function getPocketBase(): PocketBase {
  client ??= createPocketBase();
  return client;
}

/** The account state as the SDK's store has it now. */
export function currentAuthState(pb: PocketBase = getPocketBase()): AuthState {
  const record = pb.authStore.record as AuthUser | null;
  return pb.authStore.isValid && record ? { status: "authed", user: record } : { status: "anonymous" };
}

async function refresh(pb: PocketBase): Promise<AuthState> {
  if (!pb.authStore.isValid || !pb.authStore.record) {
    if (pb.authStore.token) pb.authStore.clear();
    return { status: "anonymous" };
  }
  try {
    await pb.collection("users").authRefresh({ requestKey: null });
    return currentAuthState(pb);
  } catch (error) {
    // Unreachable server: keep the session (nothing is lost when the network is back).
    if (error instanceof ClientResponseError && error.status === 0 && !error.isAbort) {
      return { status: "error", message: error.message };
    }
    // SPEC §4: a failed auth refresh triggers logout.
    pb.authStore.clear();
    return { status: "anonymous" };
  }
}

/**
 * SPEC §4 "Auth: starts loading": the stored session is checked once per page load with an auth
 * refresh. Resolves to the state after that check; later changes come from the store.
 */
export function checkSession(pb: PocketBase = getPocketBase()): Promise<AuthState> {
  if (pb !== client) return refresh(pb);
  initialCheck ??= refresh(pb);
  return initialCheck;
}
