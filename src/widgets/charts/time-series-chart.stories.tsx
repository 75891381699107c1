import { useLingui } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { weeklyIssues } from "./chart-fixtures.ts";
import {
  ChartStoryFrame,
  expectEmpty,
  expectLoading,
  expectRetry,
  expectStaticNarrow,
  tooltip,
  valueLabel,
} from "./chart-stories.tsx";
import { TimeSeriesChart, type TimeSeries } from "./time-series-chart.tsx";
import docs from "./time-series-chart.docs.md?raw";

/** Story copy in the active locale (story args cannot hold translated text). */
function useIssueCopy() {
  const { t } = useLingui();
  const series: TimeSeries[] = [
    { key: "opened", label: t`Opened`, kind: "area" },
    { key: "resolved", label: t`Resolved` },
  ];
  return { title: t`Known issues per week`, description: t`Issues opened and resolved each week.`, series };
}

const meta = {
  title: "Charts/TimeSeriesChart",
  component: TimeSeriesChart,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { title: "", series: [], data: weeklyIssues, height: 280 },
  argTypes: {
    status: { control: "inline-radio", options: ["ready", "loading", "error"] },
    interactive: { control: "boolean" },
    headingLevel: { control: "inline-radio", options: [2, 3, 4] },
  },
  render: function Render(args) {
    const copy = useIssueCopy();
    return (
      <ChartStoryFrame>
        <TimeSeriesChart
          {...args}
          title={args.title || copy.title}
          description={args.description ?? copy.description}
          series={args.series.length > 0 ? args.series : copy.series}
        />
      </ChartStoryFrame>
    );
  },
} satisfies Meta<typeof TimeSeriesChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const points = await canvas.findAllByRole("img");
    await expect(points).toHaveLength(weeklyIssues.length);

    // Keyboard: the plot is one tab stop; focusing it shows the first week's tooltip.
    await userEvent.tab();
    await expect(points[0]).toHaveFocus();
    await waitFor(() =>
      expect(tooltip(canvasElement)).toHaveTextContent(fr ? "7 sept. 2026" : "Sep 7, 2026"),
    );
    await expect(tooltip(canvasElement)).toHaveTextContent(fr ? "Ouverts14" : "Opened14");

    // Arrow keys move to the next week; the live region announces it.
    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    await expect(points[2]).toHaveFocus();
    await expect(tooltip(canvasElement)).toHaveTextContent(fr ? "21 sept. 2026" : "Sep 21, 2026");
    await expect(canvasElement.querySelector("[aria-live]")?.textContent).toBe(
      fr ? "21 sept. 2026\u00a0: Ouverts 11, Résolus 15" : "Sep 21, 2026: Opened 11, Resolved 15",
    );
    await userEvent.keyboard("{End}");
    await expect(points[weeklyIssues.length - 1]).toHaveFocus();
    // Down moves back like Left, Up forward like Right.
    await userEvent.keyboard("{ArrowDown}");
    await expect(points[weeklyIssues.length - 2]).toHaveFocus();
    await expect(tooltip(canvasElement)).toHaveTextContent(fr ? "16 nov. 2026" : "Nov 16, 2026");
    await userEvent.keyboard("{ArrowUp}");
    await expect(points[weeklyIssues.length - 1]).toHaveFocus();

    // At most 11 ticks per axis; dates formatted for the locale.
    const xTicks = canvasElement.querySelectorAll(".visx-axis-bottom .visx-axis-tick");
    await expect(xTicks.length).toBeGreaterThan(1);
    await expect(xTicks.length).toBeLessThanOrEqual(11);
    await expect(canvasElement.querySelector(".visx-axis-bottom")).toHaveTextContent(
      fr ? "7 sept." : "Sep 7",
    );

    // The same data as a table, for screen readers.
    const table = canvas.getByRole("table", {
      name: fr ? "Tickets connus par semaine" : "Known issues per week",
    });
    await expect(within(table).getAllByRole("row")).toHaveLength(weeklyIssues.length + 1);
    await expect(
      within(table).getByRole("rowheader", { name: fr ? "5 oct. 2026" : "Oct 5, 2026" }),
    ).toBeInTheDocument();
  },
};

export const WithTable: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    // A native disclosure: it opens without JavaScript, and says what it will do next.
    const toggle = await canvas.findByText(fr ? "Afficher le tableau des données" : "Show data table");
    const summary = toggle.closest("summary") as HTMLElement;
    await expect(canvas.getByRole("table")).not.toBeVisible();
    await userEvent.click(summary);
    await expect(summary.closest("details")).toHaveAttribute("open");
    await expect(summary).toHaveAccessibleName(fr ? "Masquer le tableau des données" : "Hide data table");
    const table = canvas.getByRole("table");
    await expect(table).toBeVisible();
    await expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(fr ? ["Date", "Ouverts", "Résolus"] : ["Date", "Opened", "Resolved"]);
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement, globals }) => {
    const canvas = await expectEmpty(canvasElement, globals.locale === "fr");
    await expect(canvas.queryByRole("table")).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: "loading" },
  play: async ({ canvasElement, globals }) => {
    const canvas = await expectLoading(canvasElement, globals.locale === "fr");
    await expect(canvas.getByRole("figure")).toHaveAttribute("aria-busy", "true");
  },
};

export const Error: Story = {
  args: { status: "error", onRetry: fn() },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const message = fr ? "Le graphique n’a pas pu être chargé" : "The chart could not be loaded";
    await expectRetry(canvasElement, fr, message, args.onRetry);
  },
};

export const Narrow: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const points = await canvas.findAllByRole("img");
    // Fewer ticks on a phone, still at least two.
    const xTicks = canvasElement.querySelectorAll(".visx-axis-bottom .visx-axis-tick");
    await expect(xTicks.length).toBeGreaterThanOrEqual(2);
    await expect(xTicks.length).toBeLessThanOrEqual(5);
    // Pointer: hovering a week shows its tooltip.
    await userEvent.hover(points[5] as Element);
    await waitFor(() =>
      expect(tooltip(canvasElement)).toHaveTextContent(
        globals.locale === "fr" ? "12 oct. 2026" : "Oct 12, 2026",
      ),
    );
  },
};

/** For pages without JavaScript: drawn at fixed widths, every week a tab stop, values shown by CSS. */
export const Static: Story = {
  args: { interactive: false },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    // Only the drawing for this width is exposed: each week once, named with its values.
    const points = await canvas.findAllByRole("img");
    await expect(points).toHaveLength(weeklyIssues.length);
    for (const point of points) await expect(point).toHaveAttribute("tabindex", "0");
    const third = fr ? "21 sept. 2026\u00a0: Ouverts 11, Résolus 15" : "Sep 21, 2026: Opened 11, Resolved 15";
    await expect(points[2]).toHaveAccessibleName(third);
    await expect(points[2]?.querySelector("title")?.textContent).toBe(third);

    // Each Tab moves one week; the focused week shows its values, the one before hides them again.
    await expect(valueLabel(points[0])).not.toBeVisible();
    await userEvent.tab();
    await expect(points[0]).toHaveFocus();
    await expect(valueLabel(points[0])).toBeVisible();
    await userEvent.tab();
    await userEvent.tab();
    await expect(points[2]).toHaveFocus();
    await expect(valueLabel(points[0])).not.toBeVisible();
    await expect(valueLabel(points[2])).toBeVisible();
    await expect(valueLabel(points[2])?.textContent).toBe(
      fr ? "21 sept. 2026Ouverts11Résolus15" : "Sep 21, 2026Opened11Resolved15",
    );

    // The table opens from its summary, with the same values.
    const summary = canvas
      .getByText(fr ? "Afficher le tableau des données" : "Show data table")
      .closest("summary");
    await userEvent.click(summary as HTMLElement);
    const table = canvas.getByRole("table");
    await expect(table).toBeVisible();
    await expect(within(table).getAllByRole("row")).toHaveLength(weeklyIssues.length + 1);

    // Back into the plot from the summary: the last week, its label kept inside the plot.
    await userEvent.tab({ shift: true });
    const last = points[points.length - 1];
    await expect(last).toHaveFocus();
    const box = valueLabel(last)?.getBoundingClientRect();
    const plot = last?.closest("svg")?.getBoundingClientRect();
    await expect(box && plot && box.right <= plot.right && box.top >= plot.top).toBe(true);
  },
};

/** The static chart on a phone: the narrow drawing, scaled to the width, text still readable. */
export const StaticNarrow: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  args: { interactive: false },
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement }) => {
    const { items: points, plot } = await expectStaticNarrow(canvasElement, weeklyIssues.length);
    const ticks = plot?.querySelectorAll(".visx-axis-bottom .visx-axis-tick") ?? [];
    await expect(ticks.length).toBeGreaterThanOrEqual(2);
    await expect(ticks.length).toBeLessThanOrEqual(8);
    for (let i = 0; i < 6; i++) await userEvent.tab();
    await expect(points[5]).toHaveFocus();
    await expect(valueLabel(points[5])).toBeVisible();
  },
};
