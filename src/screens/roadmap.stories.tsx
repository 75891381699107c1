import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import roadmap from "#content/roadmap.json";
import { roadmapFixture } from "../content/fixtures.ts";
import type { RoadmapData } from "../content/page-data.ts";
import { RoadmapScreen } from "./roadmap.tsx";

const meta = {
  title: "Screens/Roadmap",
  component: RoadmapScreen,
  args: roadmapFixture,
  parameters: {
    path: "/roadmap",
    viewport: {
      options: { phone: { name: "Phone", styles: { width: "390px", height: "844px" }, type: "mobile" } },
    },
  },
} satisfies Meta<typeof RoadmapScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      canvas.getByRole("heading", { level: 2, name: fr ? "Avancement par étape" : "Progress by milestone" }),
    ).toBeVisible();
    const payments = canvas.getByRole("progressbar", {
      name: fr ? /^Paiement en ligne\s: avancement$/ : "Online payments: progress",
    });
    await expect(payments).toHaveAttribute("aria-valuenow", "65");
    await expect(canvas.getByText(fr ? "En cours" : "In progress")).toBeVisible();
    await expect(canvas.getByText(fr ? "Objectif : décembre 2026" : "Target: December 2026")).toBeVisible();
  },
};

export const NoMilestones: Story = {
  args: { milestones: [] },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByRole("progressbar")).toHaveLength(0);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr" ? "Feuille de route" : "Roadmap",
    );
  },
};

/**
 * The site's own roadmap on a phone: every milestone's name whole under its bar, the long French
 * ones on three lines rather than cut with "…".
 */
export const Phone: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  args: roadmap as RoadmapData,
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvasElement, args, globals }) => {
    const locale = globals.locale === "fr" ? "fr" : "en";
    // The static chart draws a narrow plot and a wide one; the phone shows the narrow one.
    const labels = [...canvasElement.querySelectorAll(".visx-axis-bottom text")].filter(
      (label) => label.getClientRects().length > 0,
    );
    const words = (text: string | null) => (text ?? "").replace(/\s+/g, "");
    await expect(labels.map((label) => words(label.textContent))).toEqual(
      args.milestones.map((milestone) => words(milestone.title[locale])),
    );
    for (const label of labels) await expect(label.textContent).not.toContain("…");
    // Two labels never overlap.
    const boxes = labels.map((label) => label.getBoundingClientRect());
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        await expect(apart).toBe(true);
      }
    }
  },
};
