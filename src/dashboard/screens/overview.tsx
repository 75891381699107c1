import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { localeTags } from "#shared/i18n/locales.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { useLocale } from "#src/i18n/use-locale.ts";
import { countFormat, formatAge, formatDateTime } from "#src/lib/format.ts";
import { parseDateTime } from "#shared/datetime.ts";
import { formatPrice } from "#shared/format.ts";
import type { SellerSettings } from "#shared/seller.ts";
import { TimeSeriesChart } from "#src/widgets/charts/time-series-chart.tsx";
import { useNow } from "#src/lib/use-now.ts";
import { Badge } from "#src/ui/badge.tsx";
import { defaultLogsQuery } from "../client/logs.ts";
import {
  overviewFailedMails,
  overviewMoneyUsers,
  overviewUsers,
  share,
  type Money,
  type Overview,
} from "../client/overview.ts";
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
const moneyLink = (key: keyof typeof overviewMoneyUsers) =>
  `/_/users?${paramsFromQuery({ ...defaultUsersQuery, ...overviewMoneyUsers[key] }, defaultUsersQuery)}`;
const failedMailsLink = `/_/logs?${paramsFromQuery({ ...defaultLogsQuery, ...overviewFailedMails }, defaultLogsQuery)}`;

const figureBoxClassName = "flex h-full flex-col gap-1 rounded-lg border bg-surface p-5";
const figureClassName = `${figureBoxClassName} hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`;

/**
 * One figure, a link to the list behind it when there is one; `value` a count, or already written
 * out (a price, a share); `description` says how it is counted; `alert` marks a figure that needs
 * the operator.
 */
function Figure({
  to,
  value,
  label,
  description,
  alert = false,
}: {
  to?: string;
  value: number | string;
  label: ReactNode;
  description?: ReactNode;
  alert?: boolean;
}) {
  const locale = useLocale();
  const warn = alert && typeof value === "number" && value > 0;
  const content = (
    <>
      <span className={`text-3xl font-semibold tabular-nums ${warn ? "text-warning" : "text-foreground"}`}>
        {typeof value === "number" ? new Intl.NumberFormat(localeTags[locale]).format(value) : value}
      </span>
      <span className="text-sm text-muted-foreground">{label}</span>
      {description ? <span className="text-xs text-muted-foreground">{description}</span> : null}
    </>
  );
  return (
    <li>
      {to ? (
        <LocalizedLink to={to} data-slot="overview-figure" className={figureClassName}>
          {content}
        </LocalizedLink>
      ) : (
        <div data-slot="overview-figure" className={figureBoxClassName}>
          {content}
        </div>
      )}
    </li>
  );
}

/** A share as a percentage in the locale ("42.5%", "42,5 %"), or a dash when there is none. */
function usePercent() {
  const locale = useLocale();
  const format = new Intl.NumberFormat(localeTags[locale], { style: "percent", maximumFractionDigits: 1 });
  return (value: number | null) => (value === null ? "—" : format.format(value));
}

/** The revenue, the trials that became paying and the subscriptions lost, over the last 30 days. */
function MoneyFigures({ money }: { money: Money }) {
  const { t } = useLingui();
  const locale = useLocale();
  const percent = usePercent();
  const { trialsEnded, paying } = money.conversion;
  const { ended, base } = money.churn;
  const count = new Intl.NumberFormat(localeTags[locale]);
  const [convertedCount, trialsEndedCount, endedCount, baseCount] = [paying, trialsEnded, ended, base].map(
    (n) => count.format(n),
  );
  return (
    <section aria-labelledby="overview-money">
      <h2 id="overview-money" className="mb-3 text-lg font-semibold">
        <Trans>Revenue</Trans>
      </h2>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <Figure
          to={moneyLink("revenue")}
          value={formatPrice(money.monthlyRecurringRevenue, locale)}
          label={t`Monthly recurring revenue`}
          description={t`The active subscriptions at the site's prices, yearly ones as a twelfth.`}
        />
        <Figure
          value={percent(share(paying, trialsEnded))}
          label={t`Trial to paid, last 30 days`}
          description={t`Users whose free trial ended in the last 30 days and who pay now (a paid period runs): ${convertedCount} of ${trialsEndedCount}.`}
        />
        <Figure
          value={percent(share(ended, base))}
          label={t`Churn, last 30 days`}
          description={t`Paid subscriptions that ended in the last 30 days, over those and the ones paying now: ${endedCount} of ${baseCount}.`}
        />
      </ul>
    </section>
  );
}

/** Sign-ups per day over the last 30 days, in UTC days (the server's grouping). */
function SignupsChart({ days }: { days: Money["signupsByDay"] }) {
  const { t } = useLingui();
  return (
    <TimeSeriesChart
      title={t`Sign-ups per day`}
      description={t`New accounts each day over the last 30 days. Days are UTC days.`}
      data={days.map(({ day, count }) => ({ date: day, values: { signups: count } }))}
      series={[{ key: "signups", label: t`Sign-ups`, kind: "area" }]}
      valueFormat={countFormat}
      height={220}
    />
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
 * Who sells, hosts and mediates, as the server was started with: each detail the legal pages, the
 * terms of sale and the emails show, and those not set flagged with the variable that sets them.
 */
function SellerDetails({ settings }: { settings: SellerSettings }) {
  const { t } = useLingui();
  const { seller, host, mediator, missing } = settings;
  const missingCount = missing.length;
  const rows: [string, string, string][] = [
    ["SELLER_NAME", t`Seller`, seller.name],
    ["SELLER_LEGAL_FORM", t`Legal form and share capital`, seller.legalForm],
    ["SELLER_ADDRESS", t`Registered office`, seller.address],
    ["SELLER_REGISTRATION", t`Registration`, seller.registration],
    ["SELLER_VAT_NUMBER", t`VAT number`, seller.vatNumber],
    ["SELLER_DIRECTOR", t`Director of publication`, seller.director],
    ["SUPPORT_EMAIL", t`Support email`, seller.supportEmail],
    ["HOST_NAME", t`Host`, host.name],
    ["HOST_ADDRESS", t`Host's address`, host.address],
    ["HOST_PHONE", t`Host's phone`, host.phone],
    ["MEDIATOR_NAME", t`Consumer mediator`, mediator.name],
    ["MEDIATOR_ADDRESS", t`Mediator's address`, mediator.address],
    ["MEDIATOR_URL", t`Mediator's website`, mediator.url],
  ];
  return (
    <section aria-labelledby="overview-seller">
      <h2 id="overview-seller" className="mb-1 flex flex-wrap items-center gap-2 text-lg font-semibold">
        <Trans>Seller details</Trans>
        {missingCount > 0 ? (
          <Badge variant="warning">
            <Trans>{missingCount} not set</Trans>
          </Badge>
        ) : null}
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        <Trans>
          What the legal notice, the terms of sale, the receipts and the emails say about who sells. Set them
          with environment variables, then build the site again.
        </Trans>
      </p>
      <dl className="grid grid-cols-1 gap-x-6 rounded-lg border bg-surface p-5 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([variable, label, value]) => {
          const flagged = missing.some((detail) => detail.variable === variable);
          return (
            <div key={variable} data-slot="seller-detail" className="contents">
              <dt className="pt-2 text-muted-foreground sm:pb-2">{label}</dt>
              <dd className="flex flex-wrap items-center gap-2 pb-2 sm:pt-2 [overflow-wrap:anywhere]">
                {value ? (
                  <span className="text-foreground">{value}</span>
                ) : flagged ? (
                  <Badge variant="warning">
                    <Trans>Not set</Trans>
                  </Badge>
                ) : (
                  <span className="text-muted-foreground">
                    <Trans>None</Trans>
                  </span>
                )}
                {value ? null : <code className="text-xs text-muted-foreground">{variable}</code>}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/**
 * `/_`: how the business is doing: the revenue, trial-to-paid conversion and churn, sign-ups (this
 * week, and per day over 30 days), trials, the subscriptions by state, payments that need the
 * operator (manual renewals due and overdue among them), failed mails of the last day and the last
 * backup; each figure opens the list behind it where the users list has a filter for it. Below, the
 * seller's details, the missing ones flagged.
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
            {overview.money ? <MoneyFigures money={overview.money} /> : null}
            <section aria-labelledby="overview-subscriptions">
              <h2 id="overview-subscriptions" className="mb-3 text-lg font-semibold">
                <Trans>Subscriptions</Trans>
              </h2>
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
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
                <Figure
                  to={usersLink("scheduled")}
                  value={overview.users.scheduled}
                  label={t`Subscribed during the trial`}
                />
                <Figure to={usersLink("canceling")} value={overview.users.canceling} label={t`Ending`} />
                <Figure
                  to={usersLink("pastDue")}
                  value={overview.users.pastDue}
                  label={t`Payment failed`}
                  alert
                />
              </ul>
            </section>
            <section aria-labelledby="overview-users">
              <h2 id="overview-users" className="mb-3 text-lg font-semibold">
                <Trans>Users</Trans>
              </h2>
              <ul className="mb-3 grid grid-cols-2 gap-3 md:grid-cols-4">
                <Figure
                  to={usersLink("signups")}
                  value={overview.users.signups}
                  label={t`Sign-ups, last 7 days`}
                />
                <Figure to={usersLink("trials")} value={overview.users.trials} label={t`On the free trial`} />
              </ul>
              {overview.money ? <SignupsChart days={overview.money.signupsByDay} /> : null}
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
                {overview.money ? (
                  <>
                    <Figure
                      to={moneyLink("dueSoon")}
                      value={overview.money.manual.dueSoon}
                      label={t`Due in the next 3 days`}
                      description={t`Manual payments that renew`}
                      alert
                    />
                    <Figure
                      to={moneyLink("overdue")}
                      value={overview.money.manual.overdue}
                      label={t`Overdue`}
                      description={t`Manual payments past their paid-until date, within the grace`}
                      alert
                    />
                  </>
                ) : null}
                <Figure
                  to={failedMailsLink}
                  value={overview.failedMails}
                  label={t`Mail failures, last 24 hours`}
                  alert
                />
                <LastBackup backup={overview.lastBackup} />
              </ul>
            </section>
            {overview.seller ? <SellerDetails settings={overview.seller} /> : null}
          </div>
        )}
      </Loaded>
    </div>
  );
}
