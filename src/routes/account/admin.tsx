import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { findUserByEmail, loadAdminStats } from "../../auth/account.ts";
import { usePocketBase } from "../../auth/auth-provider.tsx";
import { AuthGate } from "../../screens/account/account.tsx";
import { AdminScreen } from "../../screens/account/admin.tsx";
import type { Route } from "./+types/admin";
import { accountMeta } from "./account-meta.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Administration`, msg`Users and sign-ups.`);

export default function Admin() {
  const pb = usePocketBase();
  const loadStats = useCallback(() => loadAdminStats(pb), [pb]);
  const findUser = useCallback((email: string) => findUserByEmail(pb, email), [pb]);
  // The `admin` middleware turns everyone else away before this renders.
  return <AuthGate>{() => <AdminScreen loadStats={loadStats} findUser={findUser} />}</AuthGate>;
}
