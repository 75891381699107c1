import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type * as React from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { messages as en } from "#locales/en/messages.po";
import { messages as fr } from "#locales/fr/messages.po";
import { CategoryChart } from "./category-chart.tsx";
import { milestoneProgress, weeklyIssues } from "./chart-fixtures.ts";
import { staticPlotWidths } from "./static-layout.ts";
import { TimeSeriesChart } from "./time-series-chart.tsx";

/** Server HTML of a chart, as a prerendered page without scripts ships it (nothing measured). */
function render(locale: "en" | "fr", node: React.ReactNode) {
  const i18n = setupI18n({ locale, messages: { en, fr } });
  const html = renderToString(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
  // Each plot's markup, up to the next plot or the table (visx nests <svg> elements in its axes).
  const svgs = html
    .split(/(?=<svg[^>]*data-slot="[a-z-]+-plot")/)
    .slice(1)
    .map((part) => part.split("<details")[0]!);
  const items = (svg: string, slot: string) =>
    [...svg.matchAll(new RegExp(`<g data-slot="${slot}"[^>]*>`, "g"))].map((m) => m[0]);
  const titles = (svg: string) => [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  return { html, svgs, items, titles };
}

const milestones = milestoneProgress.map((m) => ({ category: m.id, values: { done: m.done } }));

describe("static charts (interactive={false})", () => {
  it("draw every bar at both widths, each a named tab stop with a native tooltip", () => {
    const { html, svgs, items, titles } = render(
      "en",
      <CategoryChart
        interactive={false}
        title="Progress"
        data={milestones}
        series={[{ key: "done", label: "Done" }]}
        valueFormat={{ style: "percent" }}
        yMax={1}
      />,
    );
    expect(svgs.map((svg) => /viewBox="([^"]*)"/.exec(svg)?.[1])).toEqual([
      `0 0 ${staticPlotWidths.narrow} 280`,
      `0 0 ${staticPlotWidths.wide} 280`,
    ]);
    for (const svg of svgs) {
      expect(svg).toContain('width="100%"');
      const bars = items(svg, "chart-bar");
      expect(bars).toHaveLength(milestones.length);
      for (const bar of bars) {
        expect(bar).toContain('role="img"');
        expect(bar).toContain('tabindex="0"');
      }
      expect(bars[1]).toContain('aria-label="sync: Done 86%"');
      expect(titles(svg)).toEqual(milestoneProgress.map((m) => `${m.id}: Done ${Math.round(m.done * 100)}%`));
      // The value label is in the markup, shown by CSS on hover and on focus (a tap on a phone).
      expect(svg.match(/data-slot="chart-value"/g)).toHaveLength(milestones.length);
      expect(svg).toContain("group-focus:visible");
      expect(svg).toContain("group-focus-visible:visible");
    }
    // One drawing per breakpoint; the hidden one is display: none.
    expect(html).toMatch(/class="sm:hidden"><svg/);
    expect(html).toMatch(/class="hidden sm:block"><svg/);
    // The table opens without script.
    expect(html).toMatch(/<details[^>]*><summary[^>]*>[\s\S]*Show data table[\s\S]*<\/summary>/);
    expect(html).toContain("<table");
  });

  it("name each week of a time series in the page's language", () => {
    const { svgs, items, titles } = render(
      "fr",
      <TimeSeriesChart
        interactive={false}
        title="Tickets"
        data={weeklyIssues}
        series={[
          { key: "opened", label: "Ouverts", kind: "area" },
          { key: "resolved", label: "Résolus" },
        ]}
      />,
    );
    expect(svgs).toHaveLength(2);
    for (const svg of svgs) {
      const points = items(svg, "chart-point");
      expect(points).toHaveLength(weeklyIssues.length);
      for (const point of points) expect(point).toContain('tabindex="0"');
      expect(titles(svg)[2]).toBe("21 sept. 2026\u00a0: Ouverts 11, Résolus 15");
    }
  });

  it("keep ids unique across the two drawings", () => {
    const { html } = render(
      "en",
      <TimeSeriesChart
        interactive={false}
        title="Issues"
        data={weeklyIssues}
        series={[{ key: "opened", label: "Opened" }]}
      />,
    );
    const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("render nothing measured in the interactive mode on the server (it needs hydration)", () => {
    const { svgs } = render(
      "en",
      <CategoryChart title="Progress" data={milestones} series={[{ key: "done", label: "Done" }]} />,
    );
    expect(svgs).toHaveLength(0);
  });
});
