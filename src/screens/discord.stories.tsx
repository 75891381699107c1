import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { siteConfig } from "#shared/site-config.ts";
import { DiscordScreen } from "./discord.tsx";
import { discordFixture, inLocale } from "../content/fixtures.ts";

const meta = {
  title: "Screens/Discord",
  component: DiscordScreen,
  args: discordFixture.en,
  parameters: { path: "/discord" },
  render: (_args, { globals }) => <DiscordScreen {...inLocale(discordFixture, globals)} />,
} satisfies Meta<typeof DiscordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const join = canvas.getByRole("link", {
      name: globals.locale === "fr" ? "Rejoindre notre serveur Discord" : "Join our Discord server",
    });
    await expect(join).toHaveAttribute("href", siteConfig.discordInvite);
    await expect(join).toHaveAttribute("rel", "noopener noreferrer");
  },
};
