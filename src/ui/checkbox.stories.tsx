import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useId } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Checkbox } from "./checkbox.tsx";
import { Label } from "./label.tsx";
import docs from "./checkbox.docs.md?raw";

const meta = {
  title: "UI/Checkbox",
  component: Checkbox,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { onCheckedChange: fn() },
  argTypes: { disabled: { control: "boolean" }, "aria-invalid": { control: "boolean" } },
  render: function Render(args) {
    const id = useId();
    return (
      <div className="flex items-center gap-3 p-6">
        <Checkbox id={id} {...args} />
        <Label htmlFor={id}>
          <Trans>Send me product news</Trans>
        </Label>
      </div>
    );
  },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole("checkbox");
    await expect(box).not.toBeChecked();
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
    await userEvent.keyboard(" ");
    await expect(box).not.toBeChecked();
  },
};

/** Clicking the label toggles it too. */
export const Checked: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByText(globals.locale === "fr" ? "Recevoir les nouveautés" : "Send me product news"),
    );
    await expect(canvas.getByRole("checkbox")).not.toBeChecked();
    await userEvent.click(canvas.getByRole("checkbox"));
  },
};

export const Invalid: Story = { args: { "aria-invalid": true } };

export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };
