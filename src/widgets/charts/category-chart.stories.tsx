import { useLingui } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { localeTags } from "#shared/i18n/locales.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { CategoryChart, type CategoryDatum, type CategorySeries } from "./category-chart.tsx";
import { milestoneProgress, usersByPlan } from "./chart-fixtures.ts";
import docs from "./category-chart.docs.md?raw";
import {
  barValues,
  ChartStoryFrame,
  expectEmpty,
  expectLoading,
  expectRetry,
  expectStaticNarrow,
  expectValuesReadable,
  tooltip,
  valueLabel,
} from "./chart-stories.tsx";

/** Milestone progress in the active locale (story args cannot hold translated text). */
function useMilestoneCopy() {
  const { t } = useLingui();
  const names: Record<(typeof milestoneProgress)[number]["id"], string> = {
    accounts: t`Accounts`,
    sync: t`Stremio sync`,
    payments: t`Payments`,
    mobile: t`Mobile apps`,
    parties: t`Watch parties`,
    offline: t`Offline mode`,
  };
  const data: CategoryDatum[] = milestoneProgress.map((m) => ({
    category: names[m.id],
    values: { done: m.done },
  }));
  const series: CategorySeries[] = [{ key: "done", label: t`Done` }];
  return {
    title: t`Roadmap progress`,
    description: t`Share of each milestone’s work that is done.`,
    categoryLabel: t`Milestone`,
    data,
    series,
  };
}

/** Accounts per plan by month, month names in the active locale. */
function useUsersByPlanCopy() {
  const { t } = useLingui();
  const month = new Intl.DateTimeFormat(localeTags[useLocale()], { month: "short", timeZone: "UTC" });
  return {
    title: t`Accounts by plan`,
    description: t`Accounts at the end of each month.`,
    categoryLabel: t`Month`,
    data: usersByPlan.map((d) => ({ ...d, category: month.format(new Date(`${d.category}-01T00:00:00Z`)) })),
    series: [
      { key: "trial", label: t`Free trial` },
      { key: "paid", label: t`Paid` },
    ],
  };
}

type Dataset = "milestones" | "plans";

const meta = {
  title: "Charts/CategoryChart",
  component: CategoryChart,
  tags: ["autodocs"],
  args: { title: "", series: [], data: [], height: 280 },
  argTypes: {
    status: { control: "inline-radio", options: ["ready", "loading", "error"] },
    interactive: { control: "boolean" },
    headingLevel: { control: "inline-radio", options: [2, 3, 4] },
  },
  parameters: { docs: { description: { component: docs } }, dataset: "milestones" satisfies Dataset },
  render: function Render(args, { parameters }) {
    const milestones = useMilestoneCopy();
    const plans = useUsersByPlanCopy();
    const copy = (parameters.dataset as Dataset) === "plans" ? plans : milestones;
    const percent = (parameters.dataset as Dataset) !== "plans";
    const empty = args.data.length === 0 && parameters.empty === true;
    return (
      <ChartStoryFrame>
        <CategoryChart
          {...args}
          title={args.title || copy.title}
          description={args.description ?? copy.description}
          categoryLabel={copy.categoryLabel}
          series={args.series.length > 0 ? args.series : copy.series}
          data={empty ? [] : args.data.length > 0 ? args.data : copy.data}
          valueFormat={args.valueFormat ?? (percent ? { style: "percent" } : undefined)}
          yMax={args.yMax ?? (percent ? 1 : undefined)}
        />
      </ChartStoryFrame>
    );
  },
} satisfies Meta<typeof CategoryChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const bars = await canvas.findAllByRole("img");
    await expect(bars).toHaveLength(milestoneProgress.length);
    // Exact typography: French has a no-break space before ":" and "%".
    await expect(bars[1]?.getAttribute("aria-label")).toBe(
      fr ? "Synchro Stremio\u00a0: Terminé 86\u00a0%" : "Stremio sync: Done 86%",
    );

    // Keyboard: Tab focuses the first bar and shows its tooltip; arrows move along the bars.
    await userEvent.tab();
    await expect(bars[0]).toHaveFocus();
    await waitFor(() => expect(tooltip(canvasElement)).toHaveTextContent(fr ? "Comptes" : "Accounts"));
    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    await expect(bars[2]).toHaveFocus();
    await expect(tooltip(canvasElement)).toHaveTextContent(fr ? "Paiements" : "Payments");
    await expect(tooltip(canvasElement)?.textContent).toContain(fr ? "62\u00a0%" : "62%");
    await userEvent.keyboard("{Escape}");
    await expect(tooltip(canvasElement)).toBeNull();
    await userEvent.keyboard("{ArrowLeft}");
    await expect(bars[1]).toHaveFocus();
    await expect(tooltip(canvasElement)?.textContent).toContain(fr ? "86\u00a0%" : "86%");
    // Up and Down move too; Home and End jump to the ends.
    await userEvent.keyboard("{ArrowUp}");
    await expect(bars[2]).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    await expect(bars[1]).toHaveFocus();
    await userEvent.keyboard("{End}");
    await expect(bars[bars.length - 1]).toHaveFocus();
    await userEvent.keyboard("{Home}");
    await expect(bars[0]).toHaveFocus();

    // Whichever bar it explains, the tooltip leaves every value written above the bars readable.
    await expect(barValues(canvasElement)).toHaveLength(milestoneProgress.length);
    for (const [index, bar] of bars.entries()) {
      if (index > 0) await userEvent.keyboard("{ArrowRight}");
      await expect(bar).toHaveFocus();
      await expectValuesReadable(canvasElement, tooltip(canvasElement));
    }
    // The screenshot's state: "Stremio sync", whose tooltip once hid the next bar's value.
    await userEvent.keyboard("{Home}{ArrowRight}");
    await expect(bars[1]).toHaveFocus();
    await expect(tooltip(canvasElement)?.textContent).toContain(fr ? "86\u00a0%" : "86%");

    const yTicks = canvasElement.querySelectorAll(".visx-axis-left .visx-axis-tick");
    await expect(yTicks.length).toBeLessThanOrEqual(11);
    await expect(canvasElement.querySelector(".visx-axis-left")?.textContent).toContain(
      fr ? "100\u00a0%" : "100%",
    );

    const table = canvas.getByRole("table");
    await expect(within(table).getAllByRole("row")).toHaveLength(milestoneProgress.length + 1);
    await expect(
      within(table).getByRole("columnheader", { name: fr ? "Jalon" : "Milestone" }),
    ).toBeInTheDocument();
  },
};

export const Grouped: Story = {
  parameters: { dataset: "plans" satisfies Dataset },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("list", { name: fr ? "Légende" : "Legend" })).toHaveTextContent(
      fr ? "Essai gratuitPayant" : "Free trialPaid",
    );
    const table = canvas.getByRole("table");
    // Numbers use the locale's grouping: 2,764 in English, 2 764 (narrow no-break space) in French.
    const november = within(table)
      .getByRole("rowheader", { name: fr ? "nov." : "Nov" })
      .closest("tr");
    await expect(november?.textContent).toBe(fr ? "nov.2\u202f7641\u202f582" : "Nov2,7641,582");
    const bars = await canvas.findAllByRole("img");
    await userEvent.hover(bars[3] as Element);
    await waitFor(() => expect(tooltip(canvasElement)).toHaveTextContent(fr ? "sept." : "Sep"));
    await expect(tooltip(canvasElement)?.textContent).toContain(fr ? "1\u202f920" : "1,920");
  },
};

export const Empty: Story = {
  parameters: { empty: true },
  play: async ({ canvasElement, globals }) => {
    const canvas = await expectEmpty(canvasElement, globals.locale === "fr");
    await expect(canvas.queryAllByRole("img")).toHaveLength(0);
  },
};

export const Loading: Story = {
  args: { status: "loading" },
  play: async ({ canvasElement, globals }) => {
    await expectLoading(canvasElement, globals.locale === "fr");
  },
};

export const Error: Story = {
  args: { status: "error", errorMessage: undefined, onRetry: fn() },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const message = fr
      ? "Vérifiez votre connexion, puis réessayez."
      : "Check your connection, then try again.";
    await expectRetry(canvasElement, fr, message, args.onRetry);
  },
};

export const Narrow: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement }) => {
    const bars = await within(canvasElement).findAllByRole("img");
    await expect(bars).toHaveLength(milestoneProgress.length);
    // Every bar keeps a usable width on a phone.
    for (const bar of bars) await expect(bar.getBoundingClientRect().width).toBeGreaterThan(30);
  },
};

const tableToggle = (root: HTMLElement) =>
  [...root.querySelectorAll("summary")].find((summary) => summary.closest('[data-slot="chart-frame"]'));

/** For pages without JavaScript: drawn at fixed widths, every bar a tab stop, values shown by CSS. */
export const Static: Story = {
  args: { interactive: false },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    // Only the drawing for this width is exposed: each bar once, each with its value as its name.
    const bars = await canvas.findAllByRole("img");
    await expect(bars).toHaveLength(milestoneProgress.length);
    for (const bar of bars) await expect(bar).toHaveAttribute("tabindex", "0");
    await expect(bars[1]).toHaveAccessibleName(
      fr ? "Synchro Stremio\u00a0: Terminé 86\u00a0%" : "Stremio sync: Done 86%",
    );
    await expect(bars[1]?.querySelector("title")?.textContent).toBe(
      fr ? "Synchro Stremio\u00a0: Terminé 86\u00a0%" : "Stremio sync: Done 86%",
    );

    // Tab reaches each bar in turn; the focused one shows its value, the others do not.
    await expect(valueLabel(bars[0])).not.toBeVisible();
    await userEvent.tab();
    await expect(bars[0]).toHaveFocus();
    await expect(valueLabel(bars[0])).toBeVisible();
    await userEvent.tab();
    await expect(bars[1]).toHaveFocus();
    await expect(valueLabel(bars[1])).toBeVisible();
    await expect(valueLabel(bars[1])?.textContent).toBe(
      fr ? "Synchro StremioTerminé86\u00a0%" : "Stremio syncDone86%",
    );
    await expect(valueLabel(bars[0])).not.toBeVisible();

    // After the last bar, Tab reaches the table's summary, which opens the table.
    for (let i = 2; i <= milestoneProgress.length; i++) await userEvent.tab();
    const summary = tableToggle(canvasElement);
    await expect(summary).toHaveFocus();
    await expect(summary).toHaveAccessibleName(fr ? "Afficher le tableau des données" : "Show data table");
    await expect(canvas.getByRole("table")).not.toBeVisible();
    await userEvent.click(summary as HTMLElement);
    await expect(canvas.getByRole("table")).toBeVisible();
    await expect(summary).toHaveAccessibleName(fr ? "Masquer le tableau des données" : "Hide data table");

    // Each bar's value label leaves the values written above the other bars readable.
    for (const bar of bars) await expectValuesReadable(canvasElement, valueLabel(bar));

    // Back to the last bar: its value shows with the table open (the screenshot's state).
    await userEvent.tab({ shift: true });
    await expect(bars[bars.length - 1]).toHaveFocus();
    await expect(valueLabel(bars[bars.length - 1])).toBeVisible();
  },
};

/** The static chart on a phone: the narrow drawing, scaled to the width, text still readable. */
export const StaticNarrow: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  args: { interactive: false },
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement }) => {
    const { items: bars, plot } = await expectStaticNarrow(canvasElement, milestoneProgress.length);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(bars[2]).toHaveFocus();
    const value = valueLabel(bars[2]);
    await expect(value).toBeVisible();
    // The value label stays inside the plot.
    const box = value?.getBoundingClientRect();
    const frame = plot?.getBoundingClientRect();
    await expect(box && frame && box.left >= frame.left && box.right <= frame.right).toBe(true);
  },
};
