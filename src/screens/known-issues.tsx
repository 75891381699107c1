import { Trans, useLingui } from "@lingui/react/macro";
import { issueTimeline } from "../content/charts.ts";
import type { KnownIssuesData } from "../content/page-data.ts";
import type { IssueStatus, KnownIssue } from "../content/schema.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { formatDate } from "#shared/format.ts";
import { Badge } from "../ui/badge.tsx";
import { TimeSeriesChart } from "../widgets/charts/time-series-chart.tsx";
import { PageHeader } from "./parts/page-header.tsx";

function StatusBadge({ status }: { status: IssueStatus }) {
  switch (status) {
    case "open":
      return (
        <Badge variant="danger">
          <Trans>Open</Trans>
        </Badge>
      );
    case "investigating":
      return (
        <Badge variant="warning">
          <Trans>Investigating</Trans>
        </Badge>
      );
    case "resolved":
      return (
        <Badge variant="success">
          <Trans>Resolved</Trans>
        </Badge>
      );
  }
}

function usePlatformName() {
  const { t } = useLingui();
  const names: Record<string, string> = {
    web: t`Web`,
    desktop: t`Desktop`,
    android: t`Android`,
    tv: t`TV`,
    ios: t`iOS`,
  };
  return (platform: string) => names[platform] ?? platform;
}

function IssueCard({ issue }: { issue: KnownIssue }) {
  const { t } = useLingui();
  const locale = useLocale();
  const platformName = usePlatformName();
  const opened = formatDate(issue.opened, locale, "medium");
  const resolved = issue.resolved ? formatDate(issue.resolved, locale, "medium") : undefined;
  return (
    <article id={issue.id} className="flex scroll-mt-20 flex-col gap-3 rounded-xl border bg-surface p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 className="text-lg font-semibold">{issue.title[locale]}</h3>
        <StatusBadge status={issue.status} />
      </div>
      <ul aria-label={t`Platforms`} className="flex flex-wrap gap-2">
        {issue.platforms.map((platform) => (
          <li key={platform}>
            <Badge variant="secondary">{platformName(platform)}</Badge>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        {resolved ? (
          <Trans>
            Reported on {opened}, resolved on {resolved}.
          </Trans>
        ) : (
          <Trans>Reported on {opened}.</Trans>
        )}
      </p>
      <p>{issue.description[locale]}</p>
      {issue.workaround ? (
        <div className="rounded-lg border border-primary/40 bg-accent/40 px-4 py-3 text-sm">
          <p className="font-semibold">
            <Trans>Workaround</Trans>
          </p>
          <p className="mt-1">{issue.workaround[locale]}</p>
        </div>
      ) : null}
    </article>
  );
}

/** Known issues: reported vs resolved over time (a time chart), then the current and resolved issues. */
export function KnownIssuesScreen({ issues, today }: KnownIssuesData) {
  const { t } = useLingui();
  const current = issues
    .filter((i) => i.status !== "resolved")
    .sort((a, b) => b.opened.localeCompare(a.opened));
  const resolved = issues
    .filter((i) => i.status === "resolved")
    .sort((a, b) => (b.resolved ?? "").localeCompare(a.resolved ?? ""));
  return (
    <div className="flex flex-col gap-10">
      <PageHeader
        title={t`Known issues`}
        description={t`Problems we know about, what we are doing about them and how to work around them.`}
      />
      <TimeSeriesChart
        interactive={false}
        headingLevel={2}
        title={t`Issues over time`}
        description={t`Issues reported and resolved since launch, week by week, and how many were still open.`}
        data={issueTimeline(issues, today)}
        series={[
          { key: "open", label: t`Still open`, kind: "area" },
          { key: "reported", label: t`Reported` },
          { key: "resolved", label: t`Resolved` },
        ]}
        valueFormat={{ maximumFractionDigits: 0 }}
      />
      <section aria-labelledby="current-issues" className="flex flex-col gap-4">
        <h2 id="current-issues" className="text-2xl font-bold tracking-tight">
          <Trans>Current issues</Trans>
        </h2>
        {current.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No known issue at the moment.</Trans>
          </p>
        ) : (
          current.map((issue) => <IssueCard key={issue.id} issue={issue} />)
        )}
      </section>
      <section aria-labelledby="resolved-issues" className="flex flex-col gap-4">
        <h2 id="resolved-issues" className="text-2xl font-bold tracking-tight">
          <Trans>Resolved issues</Trans>
        </h2>
        {resolved.map((issue) => (
          <IssueCard key={issue.id} issue={issue} />
        ))}
      </section>
    </div>
  );
}
