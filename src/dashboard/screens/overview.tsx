import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { localeTags } from "#shared/i18n/locales.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { useLocale } from "#src/i18n/use-locale.ts";
import { formatAge, formatDateTime } from "#src/lib/format.ts";
import { parseDateTime } from "#shared/datetime.ts";
import { useNow } from "#src/lib/use-now.ts";
import { Badge } from "#src/ui/badge.tsx";
import { defaultLogsQuery } from "../client/logs.ts";
import { overviewFailedMails, overviewUsers, type Overview } from "../client/overview.ts";
import { defaultUsersQuery } from "../client/users.ts";
import { Loaded } from "../widgets/load-states.tsx";
import { PageHeading } from "../widgets/page-heading.tsx";
import { paramsFromQuery } from "../widgets/url-query.ts";
import { useLoad } from "../widgets/use-load.ts";

export type OverviewScreenProps = {
  /** The counts and the last backup, as of now. */
  loadOverview: () => Promise<ActionResult<Overview>>;
};

/** A backup older than this is flagged: the scheduled backups may have stopped. */
const staleBackupMs = 7 * 24 * 3_600_000;

const usersLink = (key: keyof typeof overviewUsers) =>
  `/_/users?${paramsFromQuery({ ...defaultUsersQuery, ...overviewUsers[key] }, defaultUsersQuery)}`;
const failedMailsLink = `/_/logs?${paramsFromQuery({ ...defaultLogsQuery, ...overviewFailedMails }, defaultLogsQuery)}`;

const figureClassName =
  "flex h-full flex-col gap-1 rounded-lg border bg-surface p-5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** One figure, a link to the list behind it; `alert` marks a figure that needs the operator. */
function Figure({
  to,
  value,
  label,
  alert = false,
}: {
  to: string;
  value: number;
  label: ReactNode;
  alert?: boolean;
}) {
  const locale = useLocale();
  return (
    <li>
      <LocalizedLink to={to} data-slot="overview-figure" className={figureClassName}>
        <span
          className={`text-3xl font-semibold tabular-nums ${alert && value > 0 ? "text-warning" : "text-foreground"}`}
        >
          {new Intl.NumberFormat(localeTags[locale]).format(value)}
        </span>
        <span className="text-sm text-muted-foreground">{label}</span>
      </LocalizedLink>
    </li>
  );
}

/** The newest backup: how old it is, flagged when there is none or it is over a week old. */
function LastBackup({ backup }: { backup: Overview["lastBackup"] }) {
  const locale = useLocale();
  const now = useNow();
  const name = backup?.key;
  const when = backup ? formatDateTime(backup.modified, locale) : "";
  const stale = backup === null || now.getTime() - parseDateTime(backup.modified).getTime() > staleBackupMs;
  return (
    // The whole row on a phone: its words are longer than a count.
    <li className="col-span-2 md:col-span-1">
      <LocalizedLink to="/_/backups" data-slot="overview-figure" className={figureClassName}>
        <span className="flex flex-wrap items-center gap-2 text-3xl font-semibold">
          {backup ? formatAge(backup.modified, now, locale) : <Trans>None yet</Trans>}
          {stale ? (
            <Badge variant="warning">
              {backup ? <Trans>Over a week old</Trans> : <Trans>Make one</Trans>}
            </Badge>
          ) : null}
        </span>
        <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {backup ? (
            <Trans>
              Last backup: {name}, {when}
            </Trans>
          ) : (
            <Trans>Last backup</Trans>
          )}
        </span>
      </LocalizedLink>
    </li>
  );
}

/**
 * `/_`: how the business is doing: sign-ups this week, trials, paying users by billing period,
 * payments that need the operator, failed mails of the last day and the last backup; each figure
 * opens the list behind it.
 */
export function OverviewScreen({ loadOverview }: OverviewScreenProps) {
  const { t } = useLingui();
  const [state, reload] = useLoad(loadOverview);
  return (
    <div>
      <PageHeading
        title={<Trans>Overview</Trans>}
        description={<Trans>How the business is doing. Each figure opens the list behind it.</Trans>}
      />
      <Loaded state={state} onRetry={reload} rows={3}>
        {(overview) => (
          <div className="flex flex-col gap-8">
            <section aria-labelledby="overview-users">
              <h2 id="overview-users" className="mb-3 text-lg font-semibold">
                <Trans>Users</Trans>
              </h2>
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
                <Figure
                  to={usersLink("signups")}
                  value={overview.users.signups}
                  label={t`Sign-ups, last 7 days`}
                />
                <Figure to={usersLink("trials")} value={overview.users.trials} label={t`On the free trial`} />
                <Figure
                  to={usersLink("paidMonthly")}
                  value={overview.users.paidMonthly}
                  label={t`Paying monthly`}
                />
                <Figure
                  to={usersLink("paidYearly")}
                  value={overview.users.paidYearly}
                  label={t`Paying yearly`}
                />
              </ul>
            </section>
            <section aria-labelledby="overview-attention">
              <h2 id="overview-attention" className="mb-3 text-lg font-semibold">
                <Trans>Needs attention</Trans>
              </h2>
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
                <Figure
                  to={usersLink("awaitingPayment")}
                  value={overview.users.awaitingPayment}
                  label={t`Awaiting payment`}
                  alert
                />
                <Figure
                  to={usersLink("pastDue")}
                  value={overview.users.pastDue}
                  label={t`Payment failed`}
                  alert
                />
                <Figure
                  to={failedMailsLink}
                  value={overview.failedMails}
                  label={t`Mail failures, last 24 hours`}
                  alert
                />
                <LastBackup backup={overview.lastBackup} />
              </ul>
            </section>
          </div>
        )}
      </Loaded>
    </div>
  );
}
