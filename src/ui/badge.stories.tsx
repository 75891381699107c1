import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "./badge.tsx";

const meta = {
  title: "UI/Badge",
  component: Badge,
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
