import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { listLogs, type LogsQuery } from "../../dashboard/superuser.ts";
import { LogsScreen } from "../../screens/dashboard/logs.tsx";
import { accountMeta } from "../account/account-meta.ts";
import type { Route } from "./+types/logs";
import { useSuperuserClient } from "./use-superuser-client.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Logs · Superusers`, msg`The API's request logs.`);

export default function DashboardLogs() {
  const pb = useSuperuserClient();
  return <LogsScreen loadLogs={useCallback((query: LogsQuery) => listLogs(pb, query), [pb])} />;
}
