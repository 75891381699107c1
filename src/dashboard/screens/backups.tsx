import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { fieldErrorDescriptor, fieldErrorMessage, type FieldErrors } from "#src/forms/field-error-message.ts";
import type { Backup } from "../client/backups.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { ConfirmDialog } from "#src/ui/confirm-dialog.tsx";
import { Button } from "#src/ui/button.tsx";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { ActionNote, type Note } from "../widgets/action-note.tsx";
import { ActionsHeading, cellClassName, DataTable } from "../widgets/data-table.tsx";
import { Loaded } from "../widgets/load-states.tsx";
import { PageHeading } from "../widgets/page-heading.tsx";
import { useLoad } from "../widgets/use-load.ts";
import { formatBytes, formatDateTime } from "#src/lib/format.ts";

export type BackupsScreenProps = {
  loadBackups: () => Promise<ActionResult<Backup[]>>;
  /** `BACKUPS_CRON` as the server's settings report it: a schedule, `""` for none, `null` when unknown. */
  loadSchedule: () => Promise<ActionResult<string | null>>;
  createBackup: (name: string) => Promise<ActionResult>;
  downloadUrl: (key: string) => Promise<ActionResult<string>>;
  restoreBackup: (key: string) => Promise<ActionResult>;
  deleteBackup: (key: string) => Promise<ActionResult>;
  uploadBackup: (file: File) => Promise<ActionResult>;
  /** Opens a download address (the route: the browser's download). */
  onDownload: (url: string) => void;
  /** After a restore: the superuser session may have to be checked again. */
  onRestored: () => void;
};

function Schedule({ loadSchedule }: Pick<BackupsScreenProps, "loadSchedule">) {
  const [state] = useLoad(loadSchedule);
  const cron = state.status === "ready" ? state.data : null;
  return (
    <span data-slot="backups-schedule">
      {cron ? (
        <Trans>
          Automatic backups: <code className="text-foreground">{cron}</code> (UTC), set by the server’s
          BACKUPS_CRON.
        </Trans>
      ) : cron === "" ? (
        <Trans>No automatic backups: the server’s BACKUPS_CRON is not set.</Trans>
      ) : (
        <Trans>Automatic backups are server configuration (BACKUPS_CRON, BACKUPS_KEEP), not set here.</Trans>
      )}
    </span>
  );
}

/** Runs one of the page's actions (none while another runs); resolves to whether it succeeded. */
type Run = (
  key: string,
  action: () => Promise<ActionResult>,
  done: string,
  after?: () => void,
) => Promise<boolean>;

/** Makes a backup now, under an optional name; the name clears once the backup is made. */
function MakeBackupForm({
  createBackup,
  busy,
  run,
  error,
}: Pick<BackupsScreenProps, "createBackup"> & { busy: string | null; run: Run; error?: string }) {
  const { t } = useLingui();
  const [name, setName] = useState("");
  return (
    <form
      noValidate
      aria-label={t`Make a backup`}
      className="flex items-end gap-3 rounded-lg border p-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await run("create", () => createBackup(name), t`The backup is made.`)) setName("");
      }}
    >
      <Field
        label={t`Name (optional)`}
        description={t`Lowercase letters, digits, - and _; .zip is added.`}
        error={error}
        className="flex-1"
      >
        <Input name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Button type="submit" pending={busy === "create"}>
        <Trans>Make a backup</Trans>
      </Button>
    </form>
  );
}

/** Uploads a backup archive; the file input clears once it is uploaded. */
function UploadBackupForm({
  uploadBackup,
  busy,
  run,
}: Pick<BackupsScreenProps, "uploadBackup"> & { busy: string | null; run: Run }) {
  const { t } = useLingui();
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <form
      aria-label={t`Upload a backup`}
      className="flex items-end gap-3 rounded-lg border p-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const file = fileRef.current?.files?.[0];
        if (!file) return;
        if ((await run("upload", () => uploadBackup(file), t`The backup is uploaded.`)) && fileRef.current) {
          fileRef.current.value = "";
        }
      }}
    >
      <Field label={t`A .zip archive`} className="flex-1">
        <Input ref={fileRef} name="file" type="file" accept=".zip,application/zip" />
      </Field>
      <Button type="submit" variant="outline" pending={busy === "upload"}>
        <Trans>Upload</Trans>
      </Button>
    </form>
  );
}

/** One backup's row: download, and restore or delete once confirmed. */
function BackupRow({
  backup,
  busy,
  onDownload,
  onRestore,
  onDelete,
}: {
  backup: Backup;
  busy: string | null;
  onDownload: () => void;
  onRestore: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <tr data-slot="dashboard-backup">
      <td className={`${cellClassName} break-all font-mono`}>{backup.key}</td>
      <td className={`${cellClassName} whitespace-nowrap`}>{formatBytes(backup.size, locale)}</td>
      <td className={`${cellClassName} whitespace-nowrap`}>{formatDateTime(backup.modified, locale)}</td>
      <td className={cellClassName}>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={t`Download ${backup.key}`}
            pending={busy === `download:${backup.key}`}
            onClick={onDownload}
          >
            <Trans>Download</Trans>
          </Button>
          <ConfirmDialog
            trigger={
              <Button
                variant="outline"
                size="sm"
                aria-label={t`Restore ${backup.key}`}
                pending={busy === `restore:${backup.key}`}
              >
                <Trans>Restore</Trans>
              </Button>
            }
            title={t`Restore ${backup.key}?`}
            description={t`The whole database is replaced by this backup: every change made since is lost, and you may have to sign in again.`}
            confirm={t`Restore`}
            onConfirm={onRestore}
          />
          <ConfirmDialog
            trigger={
              <Button
                variant="outline"
                size="sm"
                aria-label={t`Delete ${backup.key}`}
                pending={busy === `delete:${backup.key}`}
              >
                <Trans>Delete</Trans>
              </Button>
            }
            title={t`Delete ${backup.key}?`}
            description={t`The archive is removed from the server for good.`}
            confirm={t`Delete`}
            onConfirm={onDelete}
          />
        </div>
      </td>
    </tr>
  );
}

/** `/_/backups`: the server's backups: list, make, download, restore, delete, upload. */
export function BackupsScreen(props: BackupsScreenProps) {
  const { t, i18n } = useLingui();
  const [state, reload] = useLoad(props.loadBackups);
  const [note, setNote] = useState<Note | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<string | null>(null);

  const run: Run = async (key, action, done, after) => {
    if (busy) return false;
    setBusy(key);
    setNote(null);
    setErrors({});
    const result = await action();
    setBusy(null);
    if (result.success) {
      setNote({ kind: "success", text: done });
      reload();
      after?.();
      return true;
    }
    if (!result.error.aborted) {
      setErrors(result.error.fieldErrors);
      const [field, error] = Object.entries(result.error.fieldErrors)[0] ?? [];
      setNote({
        kind: "error",
        text: error ? fieldErrorDescriptor(error, field) : result.error.message,
      });
    }
    return false;
  };

  const download = async (key: string) => {
    setBusy(`download:${key}`);
    const result = await props.downloadUrl(key);
    setBusy(null);
    if (result.success) props.onDownload(result.data);
    else if (!result.error.aborted) setNote({ kind: "error", text: result.error.message });
  };

  return (
    <div>
      <PageHeading
        title={<Trans>Backups</Trans>}
        description={<Schedule loadSchedule={props.loadSchedule} />}
      />
      <ActionNote note={note} />
      <div className="mb-6 grid gap-4 md:grid-cols-2">
        <MakeBackupForm
          createBackup={props.createBackup}
          busy={busy}
          run={run}
          error={errors.name ? fieldErrorMessage(i18n, errors.name, "name") : undefined}
        />
        <UploadBackupForm uploadBackup={props.uploadBackup} busy={busy} run={run} />
      </div>
      <Loaded
        state={state}
        onRetry={reload}
        rows={3}
        isEmpty={(list) => list.length === 0}
        empty={<Trans>No backups yet.</Trans>}
      >
        {(list) => (
          <DataTable
            headings={[<Trans>Name</Trans>, <Trans>Size</Trans>, <Trans>Date</Trans>, <ActionsHeading />]}
          >
            {list.map((backup) => (
              <BackupRow
                key={backup.key}
                backup={backup}
                busy={busy}
                onDownload={() => void download(backup.key)}
                onRestore={() =>
                  void run(
                    `restore:${backup.key}`,
                    () => props.restoreBackup(backup.key),
                    t`The backup is restored.`,
                    props.onRestored,
                  )
                }
                onDelete={() =>
                  void run(
                    `delete:${backup.key}`,
                    () => props.deleteBackup(backup.key),
                    t`The backup is deleted.`,
                  )
                }
              />
            ))}
          </DataTable>
        )}
      </Loaded>
    </div>
  );
}
