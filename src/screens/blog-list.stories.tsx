import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BlogListScreen } from "./blog-list.tsx";
import { blogListFixture, inLocale } from "../content/fixtures.ts";

const meta = {
  title: "Screens/BlogList",
  component: BlogListScreen,
  args: blogListFixture.en,
  parameters: { path: "/blog" },
  render: (_args, { globals }) => <BlogListScreen {...inLocale(blogListFixture, globals)} />,
} satisfies Meta<typeof BlogListScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      canvas.getByRole("link", { name: fr ? "Bilan de la semaine de lancement" : "Launch week recap" }),
    ).toHaveAttribute("href", fr ? "/fr/blog/2026/launch-week" : "/blog/2026/launch-week");
    await expect(
      canvas.getByRole("link", { name: fr ? "S’abonner par RSS" : "Subscribe with RSS" }),
    ).toHaveAttribute("href", fr ? "/fr/blog/rss.xml" : "/blog/rss.xml");
    await expect(canvas.getByText(fr ? "23 juin 2026" : "June 23, 2026")).toBeVisible();
    // In French, the post written only in English is listed with its language.
    if (fr) await expect(canvas.getByText("English")).toBeVisible();
  },
};

export const NoPosts: Story = {
  render: () => <BlogListScreen posts={[]} />,
  play: async ({ canvasElement, globals }) => {
    await expect(
      within(canvasElement).getByText(
        globals.locale === "fr" ? "Aucun article pour l’instant." : "No posts yet.",
      ),
    ).toBeVisible();
  },
};
