import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { DocsIndexScreen, DocsItemScreen } from "./docs.tsx";
import { docsIndexFixture, docsItemFixture, inLocale } from "../content/fixtures.ts";

const meta = {
  title: "Screens/Docs",
  component: DocsItemScreen,
  args: docsItemFixture.en,
  parameters: { path: "/fr/docs/account" },
  render: (_args, { globals }) => <DocsItemScreen {...inLocale(docsItemFixture, globals)} />,
} satisfies Meta<typeof DocsItemScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Item: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const sidebar = canvas.getByRole("navigation", { name: "Documentation" });
    await expect(
      within(sidebar).getByRole("link", { name: fr ? "Votre compte" : "Your account" }),
    ).toHaveAttribute("aria-current", "page");
    // The table of contents lists the page's headings (shown beside the page on wide screens).
    const toc = canvasElement.querySelector("[data-slot=docs-toc]");
    await expect([...(toc?.querySelectorAll("a") ?? [])].map((l) => l.getAttribute("href"))).toEqual(
      fr
        ? ["#inscription", "#un-compte-par-adresse", "#profil"]
        : ["#sign-up", "#one-account-per-address", "#profile"],
    );
    const pager = canvas.getByRole("navigation", {
      name: fr ? "Pages précédente et suivante" : "Previous and next pages",
    });
    await expect(
      within(pager)
        .getAllByRole("link")
        .map((l) => l.getAttribute("href")),
    ).toEqual(
      fr
        ? ["/fr/fr/docs/getting-started", "/fr/fr/docs/troubleshooting"]
        : ["/fr/docs/getting-started", "/fr/docs/troubleshooting"],
    );
    await expect(
      canvas.getByRole("searchbox", {
        name: fr ? "Rechercher dans la documentation" : "Search the documentation",
      }),
    ).toBeVisible();
  },
};

export const Index: Story = {
  parameters: { path: "/fr/docs" },
  render: (_args, { globals }) => <DocsIndexScreen {...inLocale(docsIndexFixture, globals)} />,
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const sidebar = canvas.getByRole("navigation", { name: "Documentation" });
    await expect(
      within(sidebar).getByRole("link", { name: fr ? "Vue d’ensemble" : "Overview" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(within(sidebar).getAllByRole("link")).toHaveLength(4);
  },
};
