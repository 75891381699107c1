import { useLingui } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { weeklyIssues } from "./chart-fixtures.ts";
import { TimeSeriesChart, type TimeSeries } from "./time-series-chart.tsx";

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
  args: { title: "", series: [], data: weeklyIssues, height: 280 },
  render: function Render(args) {
    const copy = useIssueCopy();
    return (
      <div className="p-6">
        <div className="max-w-[720px]">
          <TimeSeriesChart
            {...args}
            title={args.title || copy.title}
            description={args.description ?? copy.description}
            series={args.series.length > 0 ? args.series : copy.series}
          />
        </div>
      </div>
    );
  },
} satisfies Meta<typeof TimeSeriesChart>;

export default meta;
type Story = StoryObj<typeof meta>;

const tooltip = (root: HTMLElement) => root.querySelector<HTMLElement>('[data-slot="chart-tooltip"]');

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
    const toggle = await canvas.findByRole("button", {
      name: fr ? "Afficher le tableau des données" : "Show data table",
    });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName(fr ? "Masquer le tableau des données" : "Hide data table");
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
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(globals.locale === "fr" ? "Pas encore de données" : "No data yet"),
    ).toBeVisible();
    await expect(canvas.queryByRole("table")).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: "loading" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(
      globals.locale === "fr" ? "Chargement du graphique" : "Loading chart",
    );
    await expect(canvas.getByRole("figure")).toHaveAttribute("aria-busy", "true");
  },
};

export const Error: Story = {
  args: { status: "error", onRetry: fn() },
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr ? "Le graphique n’a pas pu être chargé" : "The chart could not be loaded",
    );
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Réessayer" : "Try again" }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Narrow: Story = {
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
