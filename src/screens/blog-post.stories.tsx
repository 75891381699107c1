import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BlogPostScreen } from "./blog-post.tsx";
import { blogPostFixture, inLocale } from "../content/fixtures.ts";

const meta = {
  title: "Screens/BlogPost",
  component: BlogPostScreen,
  args: blogPostFixture.en,
  parameters: { path: "/blog/2026/launch-week" },
  render: (_args, { globals }) => <BlogPostScreen {...inLocale(blogPostFixture, globals)} />,
} satisfies Meta<typeof BlogPostScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("link", { name: fr ? "Tous les articles" : "All posts" })).toHaveAttribute(
      "href",
      fr ? "/fr/blog" : "/blog",
    );
    await expect(canvas.getByText(fr ? "23 juin 2026" : "June 23, 2026")).toHaveAttribute(
      "datetime",
      "2026-06-23",
    );
    await expect(canvas.getByRole("list", { name: fr ? "Mots-clés" : "Tags" })).toBeVisible();
  },
};

/** A post written in the other language only. */
export const OtherLanguage: Story = {
  render: (_args, { globals }) => (
    <BlogPostScreen {...(globals.locale === "fr" ? blogPostFixture.en : blogPostFixture.fr)} />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("note")).toBeVisible();
  },
};
