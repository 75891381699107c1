import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs.tsx";
import docs from "./tabs.docs.md?raw";

const meta = {
  title: "UI/Tabs",
  component: Tabs,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { defaultValue: "web" },
  render: (args) => (
    <div className="max-w-lg p-6">
      <Tabs {...args}>
        <TabsList>
          <TabsTrigger value="web">
            <Trans>Web</Trans>
          </TabsTrigger>
          <TabsTrigger value="desktop">
            <Trans>Desktop</Trans>
          </TabsTrigger>
          <TabsTrigger value="tv" disabled>
            <Trans>TV</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="web" className="text-sm text-muted-foreground">
          <Trans>Works in any recent browser.</Trans>
        </TabsContent>
        <TabsContent value="desktop" className="text-sm text-muted-foreground">
          <Trans>For Windows, macOS and Linux.</Trans>
        </TabsContent>
      </Tabs>
    </div>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys move between tabs and show their panel; disabled tabs are skipped. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "Web" }));
    await userEvent.keyboard("{ArrowRight}");
    const desktop = canvas.getByRole("tab", { name: fr ? "Ordinateur" : "Desktop" });
    await expect(desktop).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent(
      fr ? "Pour Windows, macOS et Linux." : "For Windows, macOS and Linux.",
    );
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "Web" })).toHaveFocus();
  },
};

export const SecondTab: Story = { args: { defaultValue: "desktop" } };
