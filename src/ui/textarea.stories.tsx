import { Trans } from "@lingui/react/macro";
import * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Label } from "./label.tsx";
import { Textarea } from "./textarea.tsx";
import docs from "./textarea.docs.md?raw";

function Labelled(props: React.ComponentProps<typeof Textarea>) {
  const id = React.useId();
  return (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={id}>
        <Trans>New note</Trans>
      </Label>
      <Textarea id={id} {...props} />
    </div>
  );
}

const meta = {
  title: "UI/Textarea",
  component: Textarea,
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
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** It grows with its text, line by line. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const field = within(canvasElement).getByLabelText(
      globals.locale === "fr" ? "Nouvelle note" : "New note",
    );
    const before = field.getBoundingClientRect().height;
    await userEvent.type(field, "One{enter}two{enter}three{enter}four{enter}five");
    await expect(field).toHaveValue("One\ntwo\nthree\nfour\nfive");
    await expect(field.getBoundingClientRect().height).toBeGreaterThan(before);
  },
};

export const Filled: Story = { args: { defaultValue: "Pays by bank transfer (reference LUMEN-4411)." } };

export const Invalid: Story = { args: { "aria-invalid": true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: "Pays by bank transfer." } };
