import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Label } from "./label.tsx";
import { Textarea } from "./textarea.tsx";

const meta = {
  title: "UI/Textarea",
  component: Textarea,
  render: (args) => (
    <div className="grid max-w-md gap-2 p-6">
      <Label htmlFor="story-textarea">
        <Trans>Message</Trans>
      </Label>
      <Textarea id="story-textarea" {...args} />
    </div>
  ),
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole("textbox");
    await userEvent.type(area, "Line one{Enter}Line two");
    await expect(area).toHaveValue("Line one\nLine two");
  },
};

export const Invalid: Story = { args: { "aria-invalid": true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: "…" } };
