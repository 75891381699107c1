import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ContentPageScreen } from "./content-page.tsx";
import { inLocale, moreFixture, termsFixture } from "../content/fixtures.ts";

/** Terms, legal notice, privacy policies and the French-only "more" page. */
const meta = {
  title: "Screens/ContentPage",
  component: ContentPageScreen,
  args: termsFixture.en,
  parameters: { path: "/cgu" },
  render: (_args, { globals }) => <ContentPageScreen {...inLocale(termsFixture, globals)} />,
} satisfies Meta<typeof ContentPageScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Terms: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Conditions générales d’utilisation" : "Terms of use",
    );
    await expect(canvas.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(canvas.getByRole("article")).not.toHaveTextContent(/not available|pas encore disponible/);
  },
};

/** `/fr/more` exists in French only: in English it shows the French text under a notice. */
export const FrenchOnly: Story = {
  parameters: { path: "/fr/more" },
  render: () => <ContentPageScreen {...moreFixture} />,
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    if (fr) await expect(canvas.queryByRole("note")).toBeNull();
    else
      await expect(canvas.getByRole("note")).toHaveTextContent(
        "This page is not available in English yet. It is shown in French.",
      );
    await expect(canvas.getByRole("heading", { level: 1 }).closest("header")).toHaveAttribute("lang", "fr");
  },
};
