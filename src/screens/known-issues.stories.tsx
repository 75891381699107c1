import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { knownIssuesFixture } from "../content/fixtures.ts";
import { KnownIssuesScreen } from "./known-issues.tsx";

const meta = {
  title: "Screens/KnownIssues",
  component: KnownIssuesScreen,
  args: knownIssuesFixture,
  parameters: { path: "/known-issues" },
} satisfies Meta<typeof KnownIssuesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const current = canvas.getByRole("heading", {
      level: 2,
      name: fr ? "Problèmes en cours" : "Current issues",
    });
    await expect(current.parentElement?.querySelectorAll("article")).toHaveLength(2);
    await expect(
      canvas.getByText(
        fr ? "Utilisez la touche Suivant du clavier à l’écran." : "Use the on-screen keyboard’s Next key.",
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        fr
          ? "Signalé le 16 juin 2026, résolu le 8 juil. 2026."
          : "Reported on Jun 16, 2026, resolved on Jul 8, 2026.",
      ),
    ).toBeVisible();
  },
};

export const AllResolved: Story = {
  args: { issues: knownIssuesFixture.issues.filter((issue) => issue.status === "resolved") },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        globals.locale === "fr" ? "Aucun problème connu pour le moment." : "No known issue at the moment.",
      ),
    ).toBeVisible();
    // The chart runs to this week (the fixture's today, 16 September), quiet weeks included.
    const weeks = canvas.getAllByRole("img");
    await expect(weeks.at(-1)).toHaveAccessibleName(
      globals.locale === "fr"
        ? "14 sept. 2026\u00a0: Encore ouverts 0, Signalés 1, Résolus 1"
        : "Sep 14, 2026: Still open 0, Reported 1, Resolved 1",
    );
  },
};
