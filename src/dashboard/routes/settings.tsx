import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { loadSettings } from "../client/settings.ts";
import { SettingsScreen } from "../screens/settings.tsx";
import { accountMeta } from "#src/routes/account/account-meta.ts";
import type { Route } from "./+types/settings";
import { useSuperuserClient } from "./use-superuser-client.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Settings · Superusers`, msg`The server's settings, read-only.`);

export default function DashboardSettings() {
  const pb = useSuperuserClient();
  return <SettingsScreen loadSettings={useCallback(() => loadSettings(pb), [pb])} />;
}
