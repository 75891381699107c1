import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useId } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Label } from "./label.tsx";
import { Switch } from "./switch.tsx";
import docs from "./switch.docs.md?raw";

const meta = {
  title: "UI/Switch",
  component: Switch,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { onCheckedChange: fn() },
  argTypes: { disabled: { control: "boolean" } },
  render: function Render(args) {
    const id = useId();
    return (
      <div className="flex items-center gap-3 p-6">
        <Switch id={id} {...args} />
        <Label htmlFor={id}>
          <Trans>Newsletter</Trans>
        </Label>
      </div>
    );
  },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole("switch");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
    await userEvent.click(toggle);
  },
};

export const On: Story = { args: { defaultChecked: true } };

export const Disabled: Story = { args: { disabled: true } };
