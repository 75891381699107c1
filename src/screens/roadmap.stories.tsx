import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { roadmapFixture } from "../content/fixtures.ts";
import { RoadmapScreen } from "./roadmap.tsx";

const meta = {
  title: "Screens/Roadmap",
  component: RoadmapScreen,
  args: roadmapFixture,
  parameters: { path: "/roadmap" },
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
