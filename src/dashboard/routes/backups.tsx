import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { ok } from "#src/forms/action-result.ts";
import { useSuperuserSession } from "../session.tsx";
import {
  backupDownloadUrl,
  createBackup,
  deleteBackup,
  listBackups,
  restoreBackup,
  uploadBackup,
} from "../client/backups.ts";
import { loadSettings } from "../client/settings.ts";
import { BackupsScreen } from "../screens/backups.tsx";
import { accountMeta } from "#src/routes/account/account-meta.ts";
import type { Route } from "./+types/backups";
import { useSuperuserClient } from "./use-superuser-client.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Backups · Superusers`, msg`The server's backups.`);

export default function DashboardBackups() {
  const pb = useSuperuserClient();
  const { recheck } = useSuperuserSession();
  return (
    <BackupsScreen
      loadBackups={useCallback(() => listBackups(pb), [pb])}
      loadSchedule={useCallback(async () => {
        const settings = await loadSettings(pb);
        if (!settings.success || !settings.data) return ok(null);
        return ok(settings.data.backups?.cron ?? null);
      }, [pb])}
      createBackup={useCallback((name: string) => createBackup(pb, name), [pb])}
      downloadUrl={useCallback((key: string) => backupDownloadUrl(pb, key), [pb])}
      restoreBackup={useCallback((key: string) => restoreBackup(pb, key), [pb])}
      deleteBackup={useCallback((key: string) => deleteBackup(pb, key), [pb])}
      uploadBackup={useCallback((file: File) => uploadBackup(pb, file), [pb])}
      onDownload={(url) => window.location.assign(url)}
      onRestored={recheck}
    />
  );
}
