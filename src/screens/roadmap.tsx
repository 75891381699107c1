import { Trans, useLingui } from "@lingui/react/macro";
import { milestoneProgressData } from "../content/charts.ts";
import type { RoadmapData } from "../content/page-data.ts";
import type { MilestoneStatus } from "../content/schema.ts";
import { localeTags } from "#shared/i18n/locales.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { formatMonth } from "../lib/format.ts";
import { Badge } from "../ui/badge.tsx";
import { CategoryChart } from "../widgets/charts/category-chart.tsx";
import { PageHeader } from "./parts/page-header.tsx";

function StatusBadge({ status }: { status: MilestoneStatus }) {
  switch (status) {
    case "done":
      return (
        <Badge variant="success">
          <Trans>Done</Trans>
        </Badge>
      );
    case "in-progress":
      return (
        <Badge variant="warning">
          <Trans>In progress</Trans>
        </Badge>
      );
    case "planned":
      return (
        <Badge variant="outline">
          <Trans>Planned</Trans>
        </Badge>
      );
  }
}

/** The roadmap: progress by milestone (a category chart), then each milestone with its status and items. */
export function RoadmapScreen({ milestones }: RoadmapData) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-10">
      <PageHeader
        title={t`Roadmap`}
        description={t`What we have shipped, what we are building now and what comes next.`}
      />
      <CategoryChart
        interactive={false}
        headingLevel={2}
        title={t`Progress by milestone`}
        description={t`Share of each milestone’s work that is done.`}
        categoryLabel={t`Milestone`}
        data={milestoneProgressData(milestones, locale)}
        series={[{ key: "progress", label: t`Done` }]}
        valueFormat={{ style: "percent", maximumFractionDigits: 0 }}
        yMax={1}
      />
      <section aria-labelledby="milestones-title" className="flex flex-col gap-4">
        <h2 id="milestones-title" className="text-2xl font-bold tracking-tight">
          <Trans>Milestones</Trans>
        </h2>
        <ol className="flex flex-col gap-4">
          {milestones.map((milestone) => {
            const progress = milestone.progress;
            const title = milestone.title[locale];
            const target = formatMonth(milestone.target, locale);
            return (
              <li key={milestone.id} id={milestone.id} className="scroll-mt-20">
                <article className="flex flex-col gap-3 rounded-xl border bg-surface p-5">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                    <h3 className="text-lg font-semibold">{title}</h3>
                    <StatusBadge status={milestone.status} />
                    <span className="text-sm text-muted-foreground">
                      <Trans>Target: {target}</Trans>
                    </span>
                  </div>
                  <p className="text-muted-foreground">{milestone.description[locale]}</p>
                  <div className="flex items-center gap-3">
                    <div
                      role="progressbar"
                      aria-label={t`${title}: progress`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={progress}
                      className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
                    >
                      <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
                    </div>
                    <span className="w-12 text-right text-sm tabular-nums">
                      {new Intl.NumberFormat(localeTags[locale], { style: "percent" }).format(progress / 100)}
                    </span>
                  </div>
                  {milestone.items.length > 0 ? (
                    <ul className="list-disc pl-6 text-sm marker:text-muted-foreground">
                      {milestone.items.map((item) => (
                        <li key={item.en} className="mt-1">
                          {item[locale]}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </article>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
