import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";
import docs from "./label.docs.md?raw";

const meta = {
  title: "UI/Label",
  component: Label,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { beside: false },
  argTypes: { beside: { control: "boolean" } },
  render: (args) => (
    <div className="grid max-w-sm gap-2 p-6">
      <Label htmlFor="story-label-input" {...args}>
        <Trans>Name</Trans>
      </Label>
      <Input id="story-label-input" />
    </div>
  ),
} satisfies Meta<typeof Label>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Clicking the label focuses its control. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText(globals.locale === "fr" ? "Nom" : "Name"));
    await expect(canvas.getByRole("textbox")).toHaveFocus();
  },
};
