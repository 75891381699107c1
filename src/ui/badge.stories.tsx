import { Trans } from "@lingui/react/macro";
import type * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "./badge.tsx";
import docs from "./badge.docs.md?raw";

type BadgeProps = React.ComponentProps<typeof Badge>;

/** Every variant and size `src/ui/badge.tsx` defines, for the Controls panel. */
const controls = {
  variant: ["default", "secondary", "outline", "quiet", "success", "warning", "danger"],
  size: ["default", "lg"],
} satisfies { [K in "variant" | "size"]: readonly NonNullable<BadgeProps[K]>[] };

const meta = {
  title: "UI/Badge",
  component: Badge,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { variant: "default", size: "default" },
  argTypes: {
    variant: { control: "select", options: controls.variant },
    size: { control: "inline-radio", options: controls.size },
  },
  decorators: [
    (Story) => (
      <div className="flex flex-wrap items-center gap-3 p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <Badge {...args}>
      <Trans>New</Trans>
    </Badge>
  ),
};

export const Variants: Story = {
  render: (args) => (
    <>
      <Badge {...args}>
        <Trans>New</Trans>
      </Badge>
      <Badge {...args} variant="secondary">
        <Trans>Free trial</Trans>
      </Badge>
      <Badge {...args} variant="outline">
        <Trans>Monthly</Trans>
      </Badge>
      <Badge {...args} variant="success">
        <Trans>Verified</Trans>
      </Badge>
      <Badge {...args} variant="warning">
        <Trans>Awaiting payment</Trans>
      </Badge>
      <Badge {...args} variant="danger">
        <Trans>Expired</Trans>
      </Badge>
    </>
  ),
};
