import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Separator } from "./separator.tsx";
import docs from "./separator.docs.md?raw";

const meta = {
  title: "UI/Separator",
  component: Separator,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  argTypes: {
    orientation: { control: "inline-radio", options: ["horizontal", "vertical"] },
    decorative: { control: "boolean" },
  },
} satisfies Meta<typeof Separator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Horizontal: Story = {
  render: (args) => (
    <div className="grid max-w-sm gap-4 p-6 text-sm">
      <p>
        <Trans>Profile</Trans>
      </p>
      <Separator {...args} />
      <p>
        <Trans>Password</Trans>
      </p>
    </div>
  ),
};

export const Vertical: Story = {
  args: { orientation: "vertical" },
  render: (args) => (
    <div className="p-6">
      <div className="flex h-6 items-center gap-4 text-sm">
        <span>
          <Trans>Web</Trans>
        </span>
        <Separator {...args} />
        <span>
          <Trans>Desktop</Trans>
        </span>
      </div>
    </div>
  ),
};
