import type { Locale } from "#shared/i18n/locales.ts";
import type { KnownIssue, Milestone } from "./schema.ts";

/** Roadmap chart rows: each milestone's progress as a fraction of 1, in roadmap order. */
export function milestoneProgressData(milestones: readonly Milestone[], locale: Locale) {
  return milestones.map((m) => ({ category: m.title[locale], values: { progress: m.progress / 100 } }));
}

const dayMs = 86_400_000;
const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday (UTC) of the week a date falls in. */
export function weekStart(date: string): string {
  const ms = toDay(date);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday = 0
  return isoDay(ms - weekday * dayMs);
}

/**
 * Known issues over time, one point per week (its Monday) from the first report to the week of
 * `today` (YYYY-MM-DD), so the chart ends now even after quiet weeks: how many were reported and
 * resolved so far, and how many were open at the end of the week.
 */
export function issueTimeline(issues: readonly KnownIssue[], today: string) {
  if (issues.length === 0) return [];
  const events = [...issues.flatMap((i) => [i.opened, ...(i.resolved ? [i.resolved] : [])]), today].sort();
  const first = toDay(weekStart(events[0]!));
  const last = toDay(weekStart(events[events.length - 1]!));
  const points = [];
  for (let week = first; week <= last; week += 7 * dayMs) {
    const end = isoDay(week + 6 * dayMs);
    const reported = issues.filter((i) => i.opened <= end).length;
    const resolved = issues.filter((i) => i.resolved !== null && i.resolved <= end).length;
    points.push({ date: isoDay(week), values: { reported, resolved, open: reported - resolved } });
  }
  return points;
}
