import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { guidesFixture, inLocale } from "../content/fixtures.ts";
import { GuidesScreen } from "./guides.tsx";

const meta = {
  title: "Screens/Guides",
  component: GuidesScreen,
  args: guidesFixture.en,
  parameters: { path: "/guides" },
  render: (_args, { globals }) => <GuidesScreen {...inLocale(guidesFixture, globals)} />,
} satisfies Meta<typeof GuidesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const devices = canvas.getByRole("navigation", { name: fr ? "Appareils" : "Devices" });
    const links = within(devices).getAllByRole("link");
    await expect(links.map((l) => l.getAttribute("href"))).toEqual(["#web", "#tv"]);
    // Each device is a section under its own heading, reachable by its anchor.
    const tv = canvasElement.querySelector("#tv");
    await expect(tv).toHaveAccessibleName(fr ? "Se connecter sur votre télévision" : "Sign in on your TV");
    await expect(canvas.getAllByRole("heading", { level: 2 })).toHaveLength(2);
  },
};
