import type { CategoryDatum } from "./category-chart.tsx";
import type { TimeSeriesDatum } from "./time-series-chart.tsx";

/** Fixed data for stories and tests: twelve weeks of known issues, opened vs resolved. */
export const weeklyIssues: TimeSeriesDatum[] = [
  ["2026-09-07", 14, 9],
  ["2026-09-14", 18, 12],
  ["2026-09-21", 11, 15],
  ["2026-09-28", 22, 17],
  ["2026-10-05", 19, 21],
  ["2026-10-12", 27, 20],
  ["2026-10-19", 16, 24],
  ["2026-10-26", 13, 18],
  ["2026-11-02", 21, 16],
  ["2026-11-09", 9, 14],
  ["2026-11-16", 12, 11],
  ["2026-11-23", 8, 13],
].map(([date, opened, resolved]) => ({
  date: date as string,
  values: { opened: opened as number, resolved: resolved as number },
}));

/** Completion of each roadmap milestone (by id; stories translate the names), as a fraction of 1. */
export const milestoneProgress = [
  { id: "accounts", done: 1 },
  { id: "sync", done: 0.86 },
  { id: "payments", done: 0.62 },
  { id: "mobile", done: 0.41 },
  { id: "parties", done: 0.18 },
  { id: "offline", done: 0.05 },
] as const;

/** Accounts per plan at the end of each month (ISO month; stories format it for the locale). */
export const usersByPlan: CategoryDatum[] = [
  ["2026-06", 640, 212],
  ["2026-07", 1184, 398],
  ["2026-08", 1536, 611],
  ["2026-09", 1920, 874],
  ["2026-10", 2318, 1205],
  ["2026-11", 2764, 1582],
].map(([category, trial, paid]) => ({
  category: category as string,
  values: { trial: trial as number, paid: paid as number },
}));
