import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { AppShell } from "./app-shell.tsx";

const meta = {
  title: "Layouts/AppShell",
  component: AppShell,
  args: { children: <p>Page content</p> },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  parameters: { path: "/guides" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("link", { name: fr ? "Feuille de route" : "Roadmap" })).toHaveAttribute(
      "href",
      fr ? "/fr/roadmap" : "/roadmap",
    );
    // The switcher keeps the current page in the other language.
    await expect(canvas.getByRole("link", { name: "Français" })).toHaveAttribute("href", "/fr/guides");
    await expect(canvas.getByRole("link", { name: "English" })).toHaveAttribute("href", "/guides");
  },
};
