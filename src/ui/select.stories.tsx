import { Trans, useLingui } from "@lingui/react/macro";
import type * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Field } from "./field.tsx";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "./select.tsx";
import docs from "./select.docs.md?raw";

function LanguageSelect(props: React.ComponentProps<typeof Select> & { invalid?: boolean }) {
  const { invalid, ...rest } = props;
  const { t } = useLingui();
  return (
    <Select {...rest}>
      <Field
        label={<Trans>Device</Trans>}
        error={invalid ? t`This field is required.` : undefined}
        className="max-w-xs"
      >
        <SelectTrigger>
          <SelectValue placeholder={<Trans>Choose a device</Trans>} />
        </SelectTrigger>
      </Field>
      <SelectContent>
        <SelectGroup>
          <SelectLabel>
            <Trans>Devices</Trans>
          </SelectLabel>
          <SelectItem value="web">
            <Trans>Web</Trans>
          </SelectItem>
          <SelectItem value="desktop">
            <Trans>Desktop</Trans>
          </SelectItem>
          <SelectItem value="android">
            <Trans>Android</Trans>
          </SelectItem>
          <SelectItem value="tv">
            <Trans>TV</Trans>
          </SelectItem>
        </SelectGroup>
      </SelectContent>
    </Select>
  );
}

const meta = {
  title: "UI/Select",
  component: Select,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { onValueChange: fn() },
  render: (args) => <LanguageSelect {...args} />,
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Placeholder: Story = {
  play: async ({ canvasElement, globals }) => {
    const trigger = within(canvasElement).getByRole("combobox", {
      name: globals.locale === "fr" ? "Appareil" : "Device",
    });
    await expect(trigger).toHaveTextContent(
      globals.locale === "fr" ? "Choisissez un appareil" : "Choose a device",
    );
  },
};

export const Selected: Story = { args: { defaultValue: "android" } };

/** Opens with the keyboard, picks an option, shows it in the trigger. */
export const Choosing: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = body.getByRole("combobox");
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    const option = await body.findByRole("option", {
      name: globals.locale === "fr" ? "Ordinateur" : "Desktop",
    });
    await userEvent.click(option);
    await expect(args.onValueChange).toHaveBeenCalledWith("desktop");
    await expect(trigger).toHaveTextContent(globals.locale === "fr" ? "Ordinateur" : "Desktop");
  },
};

export const Open: Story = {
  // Open on a docs page, its list would take over the whole page.
  tags: ["!autodocs"],
  args: { defaultOpen: true, defaultValue: "web" },
  parameters: {
    // While the listbox is open Radix marks the rest of the page aria-hidden and keeps focus in the
    // listbox, so the trigger underneath cannot be reached; axe still counts it as focusable.
    a11y: { config: { rules: [{ id: "aria-hidden-focus", enabled: false }] } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement.ownerDocument.body).findByRole("listbox")).toBeVisible();
  },
};

export const Invalid: Story = { render: (args) => <LanguageSelect {...args} invalid /> };
