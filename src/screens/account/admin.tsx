import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { AdminStats, UserSearchResult } from "#src/auth/account.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import type { BillingStats } from "#src/auth/billing.ts";
import {
  planStatus,
  planStatusBadges,
  planStatusLabels,
  planStatuses,
  type PlanStatus,
} from "#src/auth/plan-status.ts";
import { useAction } from "#src/forms/use-action.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { localeTags } from "#shared/i18n/locales.ts";
import { Badge } from "#src/ui/badge.tsx";
import { Button } from "#src/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#src/ui/card.tsx";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { formatPrice } from "#shared/format.ts";
import { CategoryChart } from "#src/widgets/charts/category-chart.tsx";
import { chartFormatters, countFormat } from "#src/lib/format.ts";
import { useNow } from "#src/lib/use-now.ts";

export type AdminScreenProps = {
  loadStats: () => Promise<ActionResult<AdminStats>>;
  /** Users whose email or name contains the text, whatever its case. */
  searchUsers: (query: string) => Promise<ActionResult<UserSearchResult>>;
};

/**
 * The stats' counts by the statuses every page shows (src/auth/plan-status.ts): the server's
 * `trialing` is the `scheduled` status, its `active` the `paid` one.
 */
function usersByStatus(billing: BillingStats): Record<PlanStatus, number> {
  return {
    trial: billing.trial,
    "awaiting-payment": billing.awaitingPayment,
    scheduled: billing.trialing,
    paid: billing.active,
    canceling: billing.cancelling,
    "past-due": billing.pastDue,
    ended: billing.ended,
  };
}

/** The paying subscriptions: the monthly recurring revenue, how many by interval, how many end. */
function BillingFigures({ billing, failed }: { billing: BillingStats | null; failed: boolean }) {
  const locale = useLocale();
  const number = new Intl.NumberFormat(localeTags[locale]);
  const figure = (value: (stats: BillingStats) => string) =>
    billing ? value(billing) : failed ? "—" : <Skeleton className="h-7 w-20" />;
  const rows = [
    {
      label: <Trans>Monthly recurring revenue</Trans>,
      value: figure((b) => formatPrice(b.monthlyRecurringRevenue, locale)),
    },
    { label: <Trans>Active subscriptions</Trans>, value: figure((b) => number.format(b.active)) },
    { label: <Trans>Billed monthly</Trans>, value: figure((b) => number.format(b.byInterval.month)) },
    { label: <Trans>Billed yearly</Trans>, value: figure((b) => number.format(b.byInterval.year)) },
    { label: <Trans>Ending at their period’s end</Trans>, value: figure((b) => number.format(b.cancelling)) },
  ];
  return (
    <Card data-slot="billing-figures">
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Subscriptions</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>
            Paying subscriptions at the site’s prices, a yearly one counted as a twelfth each month.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-5">
          {rows.map((row, index) => (
            <div key={index} className="flex flex-col gap-1">
              <dt className="text-sm text-muted-foreground">{row.label}</dt>
              <dd className="text-2xl font-semibold tracking-tight tabular-nums">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function UserRow({ user }: { user: AuthUser }) {
  const { i18n } = useLingui();
  // Another user's subscription is theirs to read: the row says what their record tells.
  const status = planStatus(user, useNow());
  return (
    <li data-slot="admin-user" className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{user.name || "—"}</p>
        <p className="break-all text-muted-foreground">{user.email}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge variant={planStatusBadges[status]}>{i18n._(planStatusLabels[status])}</Badge>
        {user.verified ? (
          <Badge variant="success">
            <Trans>Verified</Trans>
          </Badge>
        ) : (
          <Badge variant="warning">
            <Trans>Not verified</Trans>
          </Badge>
        )}
      </div>
    </li>
  );
}

function FindUsers({ searchUsers }: Pick<AdminScreenProps, "searchUsers">) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState("");
  const [state, run] = useAction(searchUsers);
  const [found, setFound] = useState<(UserSearchResult & { query: string }) | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Find users</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>Part of an email address or a name; capitals do not matter.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          role="search"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={async (event) => {
            event.preventDefault();
            const result = await run(query);
            if (result?.success) setFound({ ...result.data, query: query.trim() });
          }}
        >
          <Field label={t`Email or name`} className="flex-1">
            <Input
              id="admin-find-user"
              name="q"
              type="search"
              required
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </Field>
          <Button type="submit" pending={state.status === "submitting"}>
            <Trans>Search</Trans>
          </Button>
        </form>
        {state.status === "error" && state.message ? (
          <p role="alert" className="text-sm text-danger">
            {i18n._(state.message)}
          </p>
        ) : null}
        <div role="status" aria-label={t`Search results`} className="text-sm">
          {state.status === "success" && found ? (
            found.total === 0 ? (
              <p>
                <Trans>No user matches “{found.query}”.</Trans>
              </p>
            ) : (
              <>
                <p className="font-medium">
                  <Plural value={found.total} one="# user matches" other="# users match" />
                  {found.users.length < found.total ? (
                    <span className="font-normal text-muted-foreground">
                      {" "}
                      <Trans>(the {found.users.length} newest are listed)</Trans>
                    </span>
                  ) : null}
                </p>
                <ul className="divide-y divide-border">
                  {found.users.map((user) => (
                    <UserRow key={user.id} user={user} />
                  ))}
                </ul>
              </>
            )
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * `/admin` (admins only): user count, sign-ups per week, users by billing status, the paying
 * subscriptions and their monthly revenue, user search.
 */
export function AdminScreen({ loadStats, searchUsers }: AdminScreenProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setError(null);
    void loadStats().then((result) => {
      if (!active) return;
      if (result.success) setStats(result.data);
      else if (!result.error.aborted) setError(i18n._(result.error.message));
    });
    return () => {
      active = false;
    };
  }, [loadStats, attempt, i18n]);

  const status = error ? "error" : stats ? "ready" : "loading";
  const total = stats ? new Intl.NumberFormat(localeTags[locale]).format(stats.total) : "…";
  const dates = chartFormatters(locale);
  const weeks = stats?.signupsPerWeek ?? [];
  // Bars, one per week: a single week still reads as a bar with its count, where a line would be a
  // lone dot. The year is written when the weeks span more than one.
  const manyYears = new Set(weeks.map(({ week }) => week.slice(0, 4))).size > 1;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Administration</Trans>
        </h1>
        <p className="text-muted-foreground" aria-live="polite">
          <Trans>Users: {total}</Trans>
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <CategoryChart
          title={t`Sign-ups per week`}
          categoryLabel={t`Week of`}
          data={weeks.map(({ week, count }) => ({
            category: manyYears ? dates.date(week) : dates.tickDate(week),
            values: { signups: count },
          }))}
          series={[{ key: "signups", label: t`Sign-ups` }]}
          valueFormat={countFormat}
          status={status}
          errorMessage={error ?? undefined}
          onRetry={() => setAttempt((n) => n + 1)}
          headingLevel={2}
        />
        <CategoryChart
          title={t`Users by billing status`}
          categoryLabel={t`Status`}
          data={planStatuses.map((planStatus) => ({
            category: i18n._(planStatusLabels[planStatus]),
            values: { users: stats ? usersByStatus(stats.billing)[planStatus] : undefined },
          }))}
          series={[{ key: "users", label: t`Users` }]}
          valueFormat={countFormat}
          status={status}
          errorMessage={error ?? undefined}
          onRetry={() => setAttempt((n) => n + 1)}
          headingLevel={2}
        />
      </div>
      <BillingFigures billing={stats?.billing ?? null} failed={status === "error"} />
      <FindUsers searchUsers={searchUsers} />
    </div>
  );
}
