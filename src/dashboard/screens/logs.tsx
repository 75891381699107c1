import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Fragment, useState } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { defaultLogsQuery, type LogEntry, type LogsQuery, type LogsResult } from "../client/logs.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { Badge } from "#src/ui/badge.tsx";
import { Button } from "#src/ui/button.tsx";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { ChoiceField } from "../widgets/choice-field.tsx";
import { cellClassName, DataTable } from "../widgets/data-table.tsx";
import { Loaded } from "../widgets/load-states.tsx";
import { PageHeading } from "../widgets/page-heading.tsx";
import { Pager } from "../widgets/pager.tsx";
import { useListQuery } from "../widgets/use-load.ts";
import type { QueryState } from "../widgets/url-query.ts";
import { formatDateTime, formatHour } from "#src/lib/format.ts";
import { parseDateTime } from "#shared/datetime.ts";
import { requestTitle } from "../log-titles.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";

export type LogsScreenProps = {
  loadLogs: (query: LogsQuery) => Promise<ActionResult<LogsResult>>;
  /** Where the query lives, the address on the site (`useUrlQuery`); the screen's own state if not. */
  queryState?: QueryState<LogsQuery>;
};

const text = (value: unknown) =>
  value === undefined || value === null || value === "" ? "—" : String(value);

function statusVariant(status: unknown) {
  const code = Number(status);
  if (code >= 500) return "danger" as const;
  if (code >= 400) return "warning" as const;
  return "secondary" as const;
}

function levelVariant(level: number) {
  if (level >= 8) return "danger" as const;
  if (level >= 4) return "warning" as const;
  return "secondary" as const;
}

/** A request's status, or the level of the server's own entries (mail delivery). */
function EntryBadge({ log }: { log: LogEntry }) {
  const { t } = useLingui();
  if (log.data.type === "request") {
    return <Badge variant={statusVariant(log.data.status)}>{text(log.data.status)}</Badge>;
  }
  const level = Number(log.level);
  const label = level >= 8 ? t`Error` : level >= 4 ? t`Warning` : t`Info`;
  return <Badge variant={levelVariant(level)}>{label}</Badge>;
}

/**
 * The row's title: a request's `METHOD URL`; the server's mail entries worded in the page's
 * language (their `message` is the server's English); any other entry's message as it is.
 */
function useEntryTitle() {
  const { t } = useLingui();
  return (log: LogEntry): string => {
    const d = log.data;
    if (d.type !== "mail") return log.message;
    if (d.outbox !== undefined) return t`Mail refused by the SMTP server, moved to the outbox`;
    if (d.attempts !== undefined) return t`Mail sent after a failed attempt`;
    if (d.attempt !== undefined) return t`Mail not sent yet: it stays queued and is tried again`;
    if (d.file !== undefined) return t`Mail left queued for the next start`;
    return log.message;
  };
}

function LogDetails({ log }: { log: LogEntry }) {
  const { t } = useLingui();
  const d = log.data;
  const rows: [string, unknown][] =
    d.type === "request"
      ? [
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
        ]
      : [
          [t`To`, d.to],
          [t`Subject`, d.subject],
          [t`Error`, d.error],
          [t`Attempt`, d.attempt ?? d.attempts],
          [t`Next try in (ms)`, d.retryIn],
          [t`File`, d.outbox ?? d.file],
        ];
  // A mail entry has only the keys its kind needs.
  const shown = d.type === "request" ? rows : rows.filter(([, value]) => value !== undefined);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
      {shown.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-all font-mono">{text(value)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

const hourMs = 60 * 60 * 1000;
/** The strip covers the hours from the first entry to the latest, within these bounds. */
const fewestHours = 6;
const mostHours = 48;

/**
 * Entries per hour, from the first hour that has any to the latest (6 to 48 hours): one slot per
 * hour, so a quiet hour is a gap, not a missing bar; the busiest hour's count labels the top, and
 * the first and last hours label the bottom (UTC, as every date of the dashboard).
 */
function PerHour({ perHour }: { perHour: LogsResult["perHour"] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const totals = new Map(perHour.map((hour) => [parseDateTime(hour.date).getTime(), hour]));
  const latest = Math.max(...totals.keys());
  if (!Number.isFinite(latest)) return null;
  const first = Math.min(...totals.keys());
  const span = Math.min(mostHours, Math.max(fewestHours, Math.round((latest - first) / hourMs) + 1));
  const slots = Array.from({ length: span }, (_, i) => latest - (span - 1 - i) * hourMs);
  const busiest = Math.max(1, ...slots.map((slot) => totals.get(slot)?.total ?? 0));
  const labelled = [0, span - 1];
  return (
    <figure className="mb-6">
      <figcaption className="mb-2 flex justify-between text-sm text-muted-foreground">
        <span>
          <Trans>Entries per hour (UTC)</Trans>
        </span>
        <span aria-hidden>
          <Trans>busiest hour: {busiest}</Trans>
        </span>
      </figcaption>
      <ol className="flex h-16 items-end gap-px border-b" aria-label={t`Entries per hour`}>
        {slots.map((slot) => {
          const hour = totals.get(slot);
          return hour ? (
            <li
              key={slot}
              className="flex-1 rounded-t-sm bg-primary/70"
              style={{ height: `${Math.max(4, (hour.total / busiest) * 100)}%` }}
              title={`${formatDateTime(hour.date, locale)}: ${hour.total}`}
            >
              <span className="sr-only">
                {formatDateTime(hour.date, locale)}: {hour.total}
              </span>
            </li>
          ) : (
            <li key={slot} aria-hidden className="flex-1" />
          );
        })}
      </ol>
      <div aria-hidden className="mt-1 flex justify-between text-xs text-muted-foreground tabular-nums">
        {labelled.map((index) => (
          <span key={index}>{formatHour(new Date(slots[index]!), locale)}</span>
        ))}
      </div>
    </figure>
  );
}

type QueryChange = (patch: Partial<LogsQuery>) => void;

/** The filters: the choices apply at once, the text filters with the "Filter" button. */
function LogsFilters({ query, change }: { query: LogsQuery; change: QueryChange }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState({ url: query.url, authId: query.authId });
  // Text filters from elsewhere (back in history, a link) replace what was typed; focus stays put.
  const [shown, setShown] = useState(draft);
  if (query.url !== shown.url || query.authId !== shown.authId) {
    const applied = { url: query.url, authId: query.authId };
    setShown(applied);
    setDraft(applied);
  }
  const types = [
    { value: "all", label: t`All` },
    { value: "request", label: t`Requests` },
    { value: "mail", label: t`Mail delivery` },
  ] as const;
  const statuses = [
    { value: "all", label: t`All` },
    { value: "2xx", label: t`2xx (success)` },
    { value: "3xx", label: t`3xx (redirect)` },
    { value: "4xx", label: t`4xx (refused)` },
    { value: "5xx", label: t`5xx (error)` },
  ] as const;
  const levels = [
    { value: "all", label: t`All` },
    { value: "problems", label: t`Warnings and errors` },
  ] as const;
  const periods = [
    { value: "all", label: t`Any time` },
    { value: "day", label: t`Last 24 hours` },
  ] as const;
  const methods = ["all", "GET", "POST", "PATCH", "PUT", "DELETE"].map((value) => ({
    value,
    label: value === "all" ? t`All` : value,
  }));
  return (
    <form
      role="search"
      className="mb-6 grid grid-cols-2 items-end gap-3 md:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        change(draft);
      }}
    >
      <ChoiceField label={t`Type`} value={query.type} options={types} onChange={(type) => change({ type })} />
      <ChoiceField
        label={t`Level`}
        value={query.level}
        options={levels}
        onChange={(level) => change({ level })}
      />
      <ChoiceField
        label={t`When`}
        value={query.since}
        options={periods}
        onChange={(since) => change({ since })}
      />
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
  );
}

/** One entry's row, and its details below it while open. */
function LogRow({ log, open, onToggle }: { log: LogEntry; open: boolean; onToggle: () => void }) {
  const locale = useLocale();
  const { i18n } = useLingui();
  const titleOf = useEntryTitle();
  // What a request did, in words, above its method and path.
  const words =
    log.data.type === "request" ? requestTitle(log.data.method, log.data.url, log.data.status) : null;
  // Who made it: a user's email leads to their page.
  const who = log.by?.userId ? (
    <LocalizedLink
      to={`/_/user?id=${encodeURIComponent(log.by.userId)}`}
      className="text-primary underline-offset-4 hover:underline"
    >
      {log.by.email}
    </LocalizedLink>
  ) : (
    log.by?.email
  );
  return (
    <>
      <tr data-slot="dashboard-log">
        <td className={cellClassName}>
          <EntryBadge log={log} />
        </td>
        <td
          className={
            log.data.type === "request"
              ? `${cellClassName} min-w-56 break-all font-mono`
              : `${cellClassName} min-w-56`
          }
        >
          <button type="button" aria-expanded={open} className="text-left hover:underline" onClick={onToggle}>
            {words ? <span className="block font-sans font-medium">{i18n._(words)}</span> : null}
            <span className={words ? "text-muted-foreground" : undefined}>{titleOf(log)}</span>
          </button>
          {who ? (
            <span className="block font-sans text-xs text-muted-foreground">
              <Trans>by {who}</Trans>
            </span>
          ) : null}
        </td>
        <td className={`${cellClassName} whitespace-nowrap`}>{formatDateTime(log.created, locale)}</td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={3} className={`${cellClassName} bg-surface`}>
            <LogDetails log={log} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** One page of entries: per hour, their count, the table (the `open` row's details shown), the pager. */
function LogsPage({
  entries,
  goTo,
  open,
  setOpen,
}: {
  entries: LogsResult;
  goTo: (page: number) => void;
  open: string | null;
  setOpen: (id: string | null) => void;
}) {
  return (
    <>
      <PerHour perHour={entries.perHour} />
      <p role="status" className="mb-2 text-sm text-muted-foreground">
        <Plural value={entries.totalItems} one="# entry" other="# entries" />
      </p>
      <DataTable headings={[<Trans>Status</Trans>, <Trans>Entry</Trans>, <Trans>Date</Trans>]}>
        {entries.items.map((log) => (
          <LogRow
            key={log.id}
            log={log}
            open={open === log.id}
            onToggle={() => setOpen(open === log.id ? null : log.id)}
          />
        ))}
      </DataTable>
      <Pager page={entries.page} totalPages={entries.totalPages} onPage={goTo} />
    </>
  );
}

/**
 * `/_/logs`: the API's requests and the server's mail delivery entries, newest first, filtered; a
 * row opens its details.
 */
export function LogsScreen({ loadLogs, queryState }: LogsScreenProps) {
  const { query, state, reload, change, goTo } = useListQuery<LogsQuery, LogsResult>(
    defaultLogsQuery,
    loadLogs,
    queryState,
  );
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div>
      <PageHeading
        title={<Trans>Logs</Trans>}
        description={
          <Trans>
            Every API request and every mail delivery problem, newest first (bodies and secrets are never
            logged).
          </Trans>
        }
      >
        <Button variant="outline" size="sm" onClick={reload}>
          <Trans>Refresh</Trans>
        </Button>
      </PageHeading>
      <LogsFilters query={query} change={change} />
      <Loaded
        state={state}
        onRetry={reload}
        isEmpty={(entries) => entries.totalItems === 0}
        empty={<Trans>No entry matches these filters.</Trans>}
      >
        {(entries) => <LogsPage entries={entries} goTo={goTo} open={open} setOpen={setOpen} />}
      </Loaded>
    </div>
  );
}
