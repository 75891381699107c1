import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import type { AdminStats } from "../../auth/account.ts";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { useAction } from "../../auth/use-action.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { localeTags } from "../../i18n/locales.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/card.tsx";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import { CategoryChart } from "../../widgets/charts/category-chart.tsx";
import { TimeSeriesChart } from "../../widgets/charts/time-series-chart.tsx";

export type AdminScreenProps = {
  loadStats: () => Promise<ActionResult<AdminStats>>;
  findUser: (email: string) => Promise<ActionResult<AuthUser | null>>;
};

function FindUser({ findUser }: Pick<AdminScreenProps, "findUser">) {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState("");
  const [state, run] = useAction(findUser);
  const [found, setFound] = useState<AuthUser | null | undefined>(undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Find a user</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>Look an account up by its email address.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={async (event) => {
            event.preventDefault();
            const result = await run(email);
            if (result?.success) setFound(result.data);
          }}
        >
          <Field label={t`Email`} className="flex-1">
            <Input
              id="admin-find-email"
              name="email"
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
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
        {state.status === "success" ? (
          <div role="status" className="text-sm">
            {found ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-muted-foreground">
                  <Trans>Name</Trans>
                </dt>
                <dd>{found.name || "—"}</dd>
                <dt className="text-muted-foreground">
                  <Trans>Email</Trans>
                </dt>
                <dd className="break-all">{found.email}</dd>
                <dt className="text-muted-foreground">
                  <Trans>Plan</Trans>
                </dt>
                <dd className="flex gap-2">
                  {found.plan === "paid" ? <Trans>Paid</Trans> : <Trans>Free trial</Trans>}
                  {found.verified ? (
                    <Badge variant="success">
                      <Trans>Verified</Trans>
                    </Badge>
                  ) : (
                    <Badge variant="warning">
                      <Trans>Not verified</Trans>
                    </Badge>
                  )}
                </dd>
              </dl>
            ) : (
              <p>
                <Trans>No user with this email address.</Trans>
              </p>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** `/admin` (admins only): user count, sign-ups over time, users by plan, find a user by email. */
export function AdminScreen({ loadStats, findUser }: AdminScreenProps) {
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
        <TimeSeriesChart
          title={t`Sign-ups per week`}
          data={(stats?.signupsPerWeek ?? []).map(({ week, count }) => ({
            date: week,
            values: { signups: count },
          }))}
          series={[{ key: "signups", label: t`Sign-ups`, kind: "area" }]}
          status={status}
          errorMessage={error ?? undefined}
          onRetry={() => setAttempt((n) => n + 1)}
          headingLevel={2}
        />
        <CategoryChart
          title={t`Users by plan`}
          categoryLabel={t`Plan`}
          data={[
            { category: t`Free trial`, values: { users: stats?.byPlan.free } },
            { category: t`Paid`, values: { users: stats?.byPlan.paid } },
          ]}
          series={[{ key: "users", label: t`Users` }]}
          status={status}
          errorMessage={error ?? undefined}
          onRetry={() => setAttempt((n) => n + 1)}
          headingLevel={2}
        />
      </div>
      <FindUser findUser={findUser} />
    </div>
  );
}
