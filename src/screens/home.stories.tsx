import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { homeFixture, inLocale } from "./fixtures.ts";
import { HomeScreen } from "./home.tsx";

const meta = {
  title: "Screens/Home",
  component: HomeScreen,
  args: homeFixture.en,
  render: (_args, { globals }) => <HomeScreen {...inLocale(homeFixture, globals)} />,
} satisfies Meta<typeof HomeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Votre compte Stremio, prêt en une minute" : "Your Stremio account, ready in a minute",
    );
    await expect(
      canvas.getByRole("link", { name: fr ? "Commencer l’essai gratuit" : "Start your free trial" }),
    ).toHaveAttribute("href", fr ? "/fr/signup" : "/signup");
    // Prices come from the site config, written for the locale.
    await expect(canvas.getByText(fr ? /puis 4,99\s€ par mois/ : /€4\.99 per month/)).toBeVisible();
    await expect(canvas.queryByRole("note")).toBeNull();
  },
};

/** The home page's content missing in the visitor's language: the other one, with a notice. */
export const ContentInOtherLanguage: Story = {
  render: (_args, { globals }) => (
    <HomeScreen {...(globals.locale === "fr" ? homeFixture.en : homeFixture.fr)} available={["en", "fr"]} />
  ),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("note")).toHaveTextContent(
      globals.locale === "fr"
        ? "Cette page n’est pas encore disponible en français. Elle est affichée en anglais."
        : "This page is not available in English yet. It is shown in French.",
    );
  },
};
