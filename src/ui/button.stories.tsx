import { Trans } from "@lingui/react/macro";
import type * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Plus } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "./button.tsx";
import docs from "./button.docs.md?raw";

type ButtonProps = React.ComponentProps<typeof Button>;

/** Every variant, size and alignment `src/ui/button.tsx` defines, for the Controls panel. */
const controls = {
  variant: ["default", "secondary", "outline", "outline-warning", "ghost", "destructive", "link"],
  size: ["sm", "default", "lg", "icon", "icon-sm", "avatar", "multiline"],
  align: ["center", "start"],
} satisfies { [K in "variant" | "size" | "align"]: readonly NonNullable<ButtonProps[K]>[] };

const meta = {
  title: "UI/Button",
  component: Button,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: {
    onClick: fn(),
    variant: "default",
    size: "default",
    align: "center",
    pending: false,
    disabled: false,
  },
  argTypes: {
    variant: { control: "select", options: controls.variant },
    size: { control: "select", options: controls.size },
    align: { control: "inline-radio", options: controls.align },
  },
  decorators: [
    (Story) => (
      <div className="flex flex-wrap items-center gap-3 p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <Button {...args}>
      <Trans>Save changes</Trans>
    </Button>
  ),
  play: async ({ args, canvasElement, globals }) => {
    const button = within(canvasElement).getByRole("button", {
      name: globals.locale === "fr" ? "Enregistrer les modifications" : "Save changes",
    });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

const variants = ["default", "secondary", "outline", "ghost", "destructive", "link"] as const;

export const Variants: Story = {
  render: (args) => (
    <>
      {variants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant === "destructive" ? <Trans>Delete</Trans> : <Trans>Continue</Trans>}
        </Button>
      ))}
    </>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <>
      <Button {...args} size="sm">
        <Trans>Small</Trans>
      </Button>
      <Button {...args}>
        <Trans>Medium</Trans>
      </Button>
      <Button {...args} size="lg">
        <Trans>Large</Trans>
      </Button>
      <Button {...args} size="icon" variant="outline">
        <span className="sr-only">
          <Trans>Add</Trans>
        </span>
        <Plus />
      </Button>
    </>
  ),
};

/** Pending: `aria-disabled` (it keeps focus), `aria-busy`, a spinner, the same width, its label's name. */
export const Pending: Story = {
  render: (args) => (
    <>
      <Button {...args} data-testid="idle">
        <Trans>Create my account</Trans>
      </Button>
      <Button {...args} pending data-testid="pending">
        <Trans>Create my account</Trans>
      </Button>
    </>
  ),
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const pending = canvas.getByTestId("pending");
    const idle = canvas.getByTestId("idle");
    await expect(pending).toHaveAttribute("aria-disabled", "true");
    await expect(pending).toHaveAttribute("aria-busy", "true");
    await expect(pending).toHaveAccessibleName(
      globals.locale === "fr" ? "Créer mon compte" : "Create my account",
    );
    await expect(pending.getBoundingClientRect().width).toBe(idle.getBoundingClientRect().width);
    await userEvent.click(pending, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  render: (args) => (
    <Button {...args} disabled>
      <Trans>Continue</Trans>
    </Button>
  ),
};

export const AsLink: Story = {
  render: (args) => (
    <Button {...args} asChild variant="outline">
      <a href="#pricing">
        <Trans>See the plans</Trans>
      </a>
    </Button>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link");
    await expect(link).toHaveAttribute("href", "#pricing");
    await expect(link).toHaveAttribute("data-slot", "button");
  },
};
