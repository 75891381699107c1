import { Trans, useLingui } from "@lingui/react/macro";
import type * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";

function Labelled(props: React.ComponentProps<typeof Input>) {
  return (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor="story-input">
        <Trans>Name</Trans>
      </Label>
      <Input id="story-input" {...props} />
    </div>
  );
}

const meta = {
  title: "UI/Input",
  component: Input,
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
