import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Fragment, useCallback, useState } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import {
  defaultLogsQuery,
  type LogEntry,
  type LogsQuery,
  type LogsResult,
} from "../../dashboard/superuser.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import {
  cellClassName,
  ChoiceField,
  formatDateTime,
  headCellClassName,
  LoadError,
  LoadingRows,
  PageHeading,
  tableClassName,
  useLoad,
} from "../../widgets/dashboard/parts.tsx";

export type LogsScreenProps = {
  loadLogs: (query: LogsQuery) => Promise<ActionResult<LogsResult>>;
};

const text = (value: unknown) =>
  value === undefined || value === null || value === "" ? "—" : String(value);

function statusVariant(status: unknown) {
  const code = Number(status);
  if (code >= 500) return "danger" as const;
  if (code >= 400) return "warning" as const;
  return "secondary" as const;
}

function LogDetails({ log }: { log: LogEntry }) {
  const { t } = useLingui();
  const d = log.data;
  const rows: [string, unknown][] = [
    [t`Method`, d.method],
    [t`URL`, d.url],
    [t`Status`, d.status],
    [t`Time taken (ms)`, typeof d.execTime === "number" ? d.execTime.toFixed(2) : d.execTime],
    [t`Client IP`, d.userIP],
    [t`Auth`, d.auth],
    [t`Auth id`, d.authId],
    [t`User agent`, d.userAgent],
    [t`Referer`, d.referer],
    [t`Error`, d.error],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-all font-mono">{text(value)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** `/_/logs`: the API's request logs, newest first, filtered; a row opens its details. */
export function LogsScreen({ loadLogs }: LogsScreenProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const [query, setQuery] = useState<LogsQuery>(defaultLogsQuery);
  const [draft, setDraft] = useState({ url: "", authId: "" });
  const [open, setOpen] = useState<string | null>(null);
  const load = useCallback(() => loadLogs(query), [loadLogs, query]);
  const [state, reload] = useLoad(load);
  const change = (patch: Partial<LogsQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));
  const statuses = [
    { value: "all", label: t`All` },
    { value: "2xx", label: t`2xx (success)` },
    { value: "3xx", label: t`3xx (redirect)` },
    { value: "4xx", label: t`4xx (refused)` },
    { value: "5xx", label: t`5xx (error)` },
  ] as const;
  const methods = ["all", "GET", "POST", "PATCH", "PUT", "DELETE"].map((value) => ({
    value,
    label: value === "all" ? t`All` : value,
  }));
  const perHour = state.status === "ready" ? state.data.perHour : [];
  const busiest = Math.max(1, ...perHour.map((h) => h.total));
  return (
    <div>
      <PageHeading
        title={<Trans>Logs</Trans>}
        description={<Trans>Every API request, newest first (bodies and secrets are never logged).</Trans>}
      >
        <Button variant="outline" size="sm" onClick={reload}>
          <Trans>Refresh</Trans>
        </Button>
      </PageHeading>
      <form
        role="search"
        className="mb-6 grid grid-cols-2 items-end gap-3 md:grid-cols-5"
        onSubmit={(event) => {
          event.preventDefault();
          change(draft);
        }}
      >
        <ChoiceField
          label={t`Status`}
          value={query.status}
          options={statuses}
          onChange={(status) => change({ status })}
        />
        <ChoiceField
          label={t`Method`}
          value={query.method}
          options={methods}
          onChange={(method) => change({ method })}
        />
        <Field label={t`URL contains`}>
          <Input
            name="url"
            autoComplete="off"
            value={draft.url}
            onChange={(e) => setDraft((d) => ({ ...d, url: e.target.value }))}
          />
        </Field>
        <Field label={t`Auth id`}>
          <Input
            name="authId"
            autoComplete="off"
            value={draft.authId}
            onChange={(e) => setDraft((d) => ({ ...d, authId: e.target.value }))}
          />
        </Field>
        <Button type="submit">
          <Trans>Filter</Trans>
        </Button>
      </form>
      {state.status === "loading" ? <LoadingRows /> : null}
      {state.status === "error" ? <LoadError message={state.message} onRetry={reload} /> : null}
      {state.status === "ready" ? (
        <>
          {perHour.length > 0 ? (
            <figure className="mb-6">
              <figcaption className="mb-2 text-sm text-muted-foreground">
                <Trans>Requests per hour</Trans>
              </figcaption>
              <ol className="flex h-16 items-end gap-px" aria-label={t`Requests per hour`}>
                {perHour.slice(-48).map((hour) => (
                  <li
                    key={hour.date}
                    className="flex-1 rounded-t-sm bg-primary/70"
                    style={{ height: `${Math.max(4, (hour.total / busiest) * 100)}%` }}
                    title={`${formatDateTime(hour.date, locale)}: ${hour.total}`}
                  >
                    <span className="sr-only">
                      {formatDateTime(hour.date, locale)}: {hour.total}
                    </span>
                  </li>
                ))}
              </ol>
            </figure>
          ) : null}
          {state.data.totalItems === 0 ? (
            <p role="status" className="rounded-md border px-4 py-8 text-center text-muted-foreground">
              <Trans>No request matches these filters.</Trans>
            </p>
          ) : (
            <>
              <p role="status" className="mb-2 text-sm text-muted-foreground">
                <Plural value={state.data.totalItems} one="# request" other="# requests" />
              </p>
              <div className="overflow-x-auto">
                <table className={tableClassName}>
                  <thead>
                    <tr>
                      <th className={headCellClassName}>
                        <Trans>Status</Trans>
                      </th>
                      <th className={headCellClassName}>
                        <Trans>Request</Trans>
                      </th>
                      <th className={headCellClassName}>
                        <Trans>Date</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.data.items.map((log) => (
                      <Fragment key={log.id}>
                        <tr data-slot="dashboard-log">
                          <td className={cellClassName}>
                            <Badge variant={statusVariant(log.data.status)}>{text(log.data.status)}</Badge>
                          </td>
                          <td className={`${cellClassName} break-all font-mono`}>
                            <button
                              type="button"
                              aria-expanded={open === log.id}
                              className="text-left hover:underline"
                              onClick={() => setOpen(open === log.id ? null : log.id)}
                            >
                              {log.message}
                            </button>
                          </td>
                          <td className={`${cellClassName} whitespace-nowrap`}>
                            {formatDateTime(log.created, locale)}
                          </td>
                        </tr>
                        {open === log.id ? (
                          <tr>
                            <td colSpan={3} className={`${cellClassName} bg-surface`}>
                              <LogDetails log={log} />
                            </td>
                          </tr>
                        ) : null}
                      </Fragment>
                    ))}
                  </tbody>
                </table>
              </div>
              <nav aria-label={t`Pages`} className="mt-4 flex items-center justify-end gap-3 text-sm">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={query.page <= 1}
                  onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
                >
                  <Trans>Previous</Trans>
                </Button>
                <span>
                  <Trans>
                    Page {state.data.page} of {Math.max(state.data.totalPages, 1)}
                  </Trans>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={query.page >= state.data.totalPages}
                  onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
                >
                  <Trans>Next</Trans>
                </Button>
              </nav>
            </>
          )}
        </>
      ) : null}
    </div>
  );
}
