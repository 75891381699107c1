import { describe, expect, it } from "vitest";
import { issueTimeline, milestoneProgressData, weekStart } from "./charts.ts";
import type { KnownIssue, Milestone } from "./schema.ts";

const issue = (id: string, opened: string, resolved: string | null): KnownIssue => ({
  id,
  title: { en: id, fr: id },
  description: { en: "d", fr: "d" },
  status: resolved ? "resolved" : "open",
  platforms: ["web"],
  opened,
  resolved,
  workaround: null,
});

describe("chart data", () => {
  it("finds the Monday of a week", () => {
    expect(weekStart("2026-06-17")).toBe("2026-06-15"); // a Wednesday
    expect(weekStart("2026-06-15")).toBe("2026-06-15");
    expect(weekStart("2026-06-21")).toBe("2026-06-15"); // a Sunday
  });

  it("counts reported, resolved and open issues at the end of each week, up to today's week", () => {
    const timeline = issueTimeline(
      [
        issue("a", "2026-06-16", "2026-06-30"),
        issue("b", "2026-06-19", null),
        issue("c", "2026-06-29", "2026-07-01"),
      ],
      "2026-07-15",
    );
    expect(timeline).toEqual([
      { date: "2026-06-15", values: { reported: 2, resolved: 0, open: 2 } },
      { date: "2026-06-22", values: { reported: 2, resolved: 0, open: 2 } },
      { date: "2026-06-29", values: { reported: 3, resolved: 2, open: 1 } },
      { date: "2026-07-06", values: { reported: 3, resolved: 2, open: 1 } },
      { date: "2026-07-13", values: { reported: 3, resolved: 2, open: 1 } },
    ]);
    expect(issueTimeline([], "2026-07-15")).toEqual([]);
  });

  it("gives each milestone its progress as a fraction, titled in the locale", () => {
    const m: Milestone = {
      id: "pay",
      title: { en: "Payments", fr: "Paiements" },
      description: { en: "d", fr: "d" },
      status: "in-progress",
      target: "2026-12",
      progress: 65,
      items: [],
    };
    expect(milestoneProgressData([m], "fr")).toEqual([{ category: "Paiements", values: { progress: 0.65 } }]);
  });
});
