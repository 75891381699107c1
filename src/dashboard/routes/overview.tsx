import { msg } from "@lingui/core/macro";
import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { loadOverview } from "../client/overview.ts";
import { OverviewScreen } from "../screens/overview.tsx";
import { accountMeta } from "#src/routes/account/account-meta.ts";
import type { Route } from "./+types/overview";
import { useSuperuserClient } from "./use-superuser-client.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Overview · Superusers`, msg`How the business is doing, for superusers.`);

export default function DashboardOverview() {
  const pb = useSuperuserClient();
  const locale = useLocale();
  const { search } = useLocation();
  const navigate = useNavigate();
  const load = useCallback(() => loadOverview(pb), [pb]);
  // The users list lived here before the overview: a saved link to a filtered list still opens it.
  // (`useNavigate`, not `<Navigate>`: the framework file every app page loads has only the hook.)
  const usersList = search ? `${localizePath("/_/users", locale)}${search}` : null;
  useEffect(() => {
    if (usersList) void navigate(usersList, { replace: true });
  }, [navigate, usersList]);
  return usersList ? null : <OverviewScreen loadOverview={load} />;
}
