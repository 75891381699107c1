import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "./badge.tsx";
import { Button } from "./button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card.tsx";
import docs from "./card.docs.md?raw";

const meta = {
  title: "UI/Card",
  component: Card,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <Card {...args} className="max-w-md">
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Paid plan</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>Every feature, on every device.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-2 text-sm">
        <Badge variant="success">
          <Trans>Active</Trans>
        </Badge>
        <span className="text-muted-foreground">
          <Trans>Renews every month</Trans>
        </span>
      </CardContent>
      <CardFooter>
        <Button variant="outline">
          <Trans>Manage</Trans>
        </Button>
      </CardFooter>
    </Card>
  ),
};

export const ContentOnly: Story = {
  render: (args) => (
    <Card {...args} className="max-w-md">
      <CardContent className="text-sm text-muted-foreground">
        <Trans>Every feature, on every device.</Trans>
      </CardContent>
    </Card>
  ),
};
