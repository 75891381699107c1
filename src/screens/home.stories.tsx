import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { homeFixture, inLocale } from "../content/fixtures.ts";
import { HomeScreen } from "./home.tsx";

/** The landing page as the build prerenders it: a content page, without the app's JavaScript. */
const meta = {
  title: "Screens/Home",
  component: HomeScreen,
  args: homeFixture.en,
  parameters: {
    scripts: false,
    // Tall enough for the whole page: screenshots capture the viewport's height only.
    viewport: {
      options: {
        tallDesktop: { name: "Tall desktop", styles: { width: "1200px", height: "2600px" }, type: "desktop" },
        tallPhone: { name: "Tall phone", styles: { width: "390px", height: "3700px" }, type: "mobile" },
      },
    },
  },
  globals: { viewport: { value: "tallDesktop", isRotated: false } },
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
    // The product picture is one described image; its buttons are out of reach.
    await expect(
      canvas.getByRole("img", { name: fr ? /Aperçu de la carte/ : /Preview of the Stremio/ }),
    ).toBeVisible();
    const shot = canvasElement.querySelector<HTMLElement>("[data-slot=product-shot]")!;
    await expect(within(shot).queryAllByRole("button")).toHaveLength(0);
    // Both plans, with the prices of the site config written for the locale.
    await expect(
      canvas.getByRole("heading", { level: 3, name: fr ? "Essai gratuit" : "Free trial" }),
    ).toBeVisible();
    await expect(canvas.getByText(fr ? /^4,99\s€$/ : "€4.99")).toBeVisible();
    await expect(
      canvas.getByText(fr ? /^ou 49,99\s€ TTC par an$/ : "or €49.99 incl. VAT per year"),
    ).toBeVisible();
    await expect(canvas.getByText(fr ? "Recommandé" : "Recommended")).toBeVisible();
    // The paid plan's sign-up starts on it, yearly.
    await expect(canvas.getByRole("link", { name: fr ? "Choisir Lumen" : "Choose Lumen" })).toHaveAttribute(
      "href",
      fr ? "/fr/signup?plan=paid&interval=year" : "/signup?plan=paid&interval=year",
    );
    for (const link of canvas.getAllByRole("link", {
      name: fr ? /Commencer l’essai gratuit/ : /Start your free trial/,
    }))
      await expect(link).toHaveAttribute("href", fr ? "/fr/signup" : "/signup");
    await expect(canvas.queryByRole("note")).toBeNull();
  },
};

/** A question opens on a click, with no script: its answer shows, with its link. */
export const QuestionOpen: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const answerLink = canvas.getByRole("link", { name: fr ? "dépannage" : "troubleshooting" });
    await expect(answerLink).not.toBeVisible();
    await userEvent.click(
      canvas.getByText(
        fr ? /^Ma connexion à Stremio échoue\. Que faire/ : "My Stremio login fails. What should I do?",
      ),
    );
    await expect(answerLink).toBeVisible();
    await expect(answerLink).toHaveAttribute(
      "href",
      fr ? "/fr/fr/docs/troubleshooting" : "/fr/docs/troubleshooting",
    );
  },
};

/** The page on a phone: one column, the picture under the headline. */
export const Phone: Story = {
  globals: { viewport: { value: "tallPhone", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Nothing is wider than the screen.
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
    await expect(canvas.getByRole("heading", { level: 1 })).toBeVisible();
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
