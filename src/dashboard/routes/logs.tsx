import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { defaultLogsQuery, listLogs, logsQuerySchema, type LogsQuery } from "../client/logs.ts";
import { LogsScreen } from "../screens/logs.tsx";
import { accountMeta } from "#src/routes/account/account-meta.ts";
import type { Route } from "./+types/logs";
import { useUrlQuery } from "../widgets/url-query.ts";
import { useSuperuserClient } from "./use-superuser-client.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Logs · Superusers`, msg`The API's request logs.`);

export default function DashboardLogs() {
  const pb = useSuperuserClient();
  const load = useCallback((query: LogsQuery) => listLogs(pb, query), [pb]);
  const queryState = useUrlQuery(defaultLogsQuery, logsQuerySchema);
  return <LogsScreen loadLogs={load} queryState={queryState} />;
}
