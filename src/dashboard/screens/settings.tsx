import { Trans, useLingui } from "@lingui/react/macro";
import { Fragment, type ReactNode } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { ServerSettings } from "../client/settings.ts";
import { Loaded } from "../widgets/load-states.tsx";
import { PageHeading } from "../widgets/page-heading.tsx";
import { useLoad } from "../widgets/use-load.ts";

export type SettingsScreenProps = {
  /** The settings, or `null` when the server has no settings endpoint. */
  loadSettings: () => Promise<ActionResult<ServerSettings | null>>;
};

function Group({ title, rows }: { title: ReactNode; rows: [string, ReactNode][] }) {
  return (
    <section className="rounded-lg border p-5">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** `/_/settings`: the server's configuration, read-only (it is set by the server's environment). */
export function SettingsScreen({ loadSettings }: SettingsScreenProps) {
  const { t } = useLingui();
  const [state, reload] = useLoad(loadSettings);
  const value = (v: unknown): ReactNode => {
    if (v === undefined || v === null || v === "") return "—";
    if (typeof v === "boolean") return v ? t`Yes` : t`No`;
    if (Array.isArray(v)) return v.join(", ") || "—";
    return String(v);
  };
  return (
    <div>
      <PageHeading
        title={<Trans>Settings</Trans>}
        description={<Trans>Read-only: the server takes them from its environment at start.</Trans>}
      />
      <Loaded
        state={state}
        onRetry={reload}
        rows={4}
        empty={
          <Trans>
            This server does not report its settings (no GET /api/settings): they are not available here.
          </Trans>
        }
      >
        {(settings) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <Group
              title={<Trans>Application</Trans>}
              rows={[
                [t`Name`, value(settings.meta?.appName)],
                [t`Address`, value(settings.meta?.appURL)],
                [t`Sender name`, value(settings.meta?.senderName)],
                [t`Sender address`, value(settings.meta?.senderAddress)],
              ]}
            />
            <Group
              title={<Trans>Email</Trans>}
              rows={[
                [
                  t`Delivery`,
                  settings.mailMode === "outbox"
                    ? t`Outbox folder (no SMTP)`
                    : settings.mailMode === "smtp"
                      ? t`SMTP`
                      : value(undefined),
                ],
                [t`SMTP enabled`, value(settings.smtp?.enabled)],
                [t`SMTP host`, value(settings.smtp?.host)],
                // PocketBase answers port 0 when none is set.
                [t`SMTP port`, value(settings.smtp?.port || undefined)],
              ]}
            />
            <Group
              title={<Trans>Requests</Trans>}
              rows={[
                [t`Body limit (bytes)`, value(settings.bodyLimit)],
                [t`Trusted proxy`, value(settings.trustedProxy?.headers ?? settings.trustProxy)],
                [t`Allowed origins (CORS)`, value(settings.corsOrigins)],
                [t`Shutdown timeout (s)`, value(settings.shutdownTimeout)],
                [t`Logs kept (days)`, value(settings.logs?.maxDays)],
                [t`Rate limits`, value(settings.rateLimits?.enabled)],
                ...(settings.rateLimits?.rules ?? []).map((rule): [string, ReactNode] => [
                  rule.label,
                  t`${rule.maxRequests} per ${rule.duration} s`,
                ]),
              ]}
            />
            <Group
              title={<Trans>Backups</Trans>}
              rows={[
                [t`Schedule (BACKUPS_CRON)`, value(settings.backups?.cron)],
                [t`Kept (BACKUPS_KEEP)`, value(settings.backups?.cronMaxKeep)],
              ]}
            />
          </div>
        )}
      </Loaded>
    </div>
  );
}
