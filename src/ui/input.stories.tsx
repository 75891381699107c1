import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";
import docs from "./input.docs.md?raw";

function Labelled(props: React.ComponentProps<typeof Input>) {
  const id = React.useId();
  return (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={id}>
        <Trans>Name</Trans>
      </Label>
      <Input id={id} {...props} />
    </div>
  );
}

const meta = {
  title: "UI/Input",
  component: Input,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  argTypes: {
    disabled: { control: "boolean" },
    readOnly: { control: "boolean" },
    "aria-invalid": { control: "boolean" },
  },
  render: (args) => <Labelled {...args} />,
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { autoComplete: "name" },
  play: async ({ canvasElement, globals }) => {
    const input = within(canvasElement).getByLabelText(globals.locale === "fr" ? "Nom" : "Name");
    await userEvent.type(input, "Camille Martin");
    await expect(input).toHaveValue("Camille Martin");
  },
};

export const Filled: Story = { args: { defaultValue: "Camille Martin" } };

export const Placeholder: Story = {
  render: function Render(args) {
    const { t } = useLingui();
    return <Labelled {...args} placeholder={t`As it appears on your ID`} />;
  },
};

export const Invalid: Story = { args: { defaultValue: "C", "aria-invalid": true } };

export const Disabled: Story = { args: { defaultValue: "Camille Martin", disabled: true } };

export const ReadOnly: Story = { args: { defaultValue: "camille.martin@example.com", readOnly: true } };
