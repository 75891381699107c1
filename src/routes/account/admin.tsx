import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { runAction } from "#src/auth/session.ts";
import { AuthGate } from "#src/screens/account/account.tsx";
import { AdminScreen } from "#src/screens/account/admin.tsx";
import type { Route } from "./+types/admin";
import { accountMeta } from "./account-meta.ts";

const account = () => import("#src/auth/account.ts");

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Administration`, msg`Users and sign-ups.`);

export default function Admin() {
  const loadStats = useCallback(() => runAction(account, (a, pb) => a.loadAdminStats(pb)), []);
  const search = useCallback((query: string) => runAction(account, (a, pb) => a.searchUsers(pb, query)), []);
  // The `admin` middleware turns everyone else away before this renders; with the account service
  // unreachable it lets the page through, and `AuthGate` shows the unavailable state.
  return <AuthGate>{() => <AdminScreen loadStats={loadStats} searchUsers={search} />}</AuthGate>;
}
