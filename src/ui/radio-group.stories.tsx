import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useId } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Label } from "./label.tsx";
import { RadioGroup, RadioGroupItem } from "./radio-group.tsx";
import docs from "./radio-group.docs.md?raw";

const meta = {
  title: "UI/RadioGroup",
  component: RadioGroup,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { onValueChange: fn(), defaultValue: "monthly" },
  argTypes: { disabled: { control: "boolean" }, "aria-invalid": { control: "boolean" } },
  render: function Render(args) {
    const id = useId();
    const options = [
      { value: "monthly", label: <Trans>Monthly</Trans> },
      { value: "yearly", label: <Trans>Yearly</Trans> },
    ];
    return (
      <div className="grid gap-3 p-6">
        <p id={`${id}-billing`} className="text-sm font-medium">
          <Trans>Billing</Trans>
        </p>
        <RadioGroup aria-labelledby={`${id}-billing`} {...args}>
          {options.map(({ value, label }) => (
            <div key={value} className="flex items-center gap-3">
              <RadioGroupItem id={`${id}-${value}`} value={value} />
              <Label htmlFor={`${id}-${value}`}>{label}</Label>
            </div>
          ))}
        </RadioGroup>
      </div>
    );
  },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys move the choice, as in native radio groups. */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const radios = canvas.getAllByRole("radio");
    await expect(radios[0]).toBeChecked();
    await userEvent.click(radios[0]!);
    // A quick press, released at once, checks the next radio and moves focus to it.
    await userEvent.keyboard("{ArrowDown}");
    const yearly = canvas.getByRole("radio", { name: globals.locale === "fr" ? "Annuelle" : "Yearly" });
    await waitFor(() => expect(yearly).toBeChecked());
    await expect(yearly).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenCalledWith("yearly");
    // Past the last one, it goes round to the first.
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(radios[0]).toBeChecked());
  },
};

export const Invalid: Story = { args: { defaultValue: undefined, "aria-invalid": true } };

export const Disabled: Story = { args: { disabled: true } };
