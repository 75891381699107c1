import { useLingui } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Spinner } from "./spinner.tsx";
import docs from "./spinner.docs.md?raw";

const meta = {
  title: "UI/Spinner",
  component: Spinner,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { size: "md", tone: "muted" },
  argTypes: {
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
    tone: { control: "inline-radio", options: ["muted", "inherit"] },
  },
  decorators: [
    (Story) => (
      <div className="flex items-center gap-6 p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveTextContent(globals.locale === "fr" ? "Chargement" : "Loading");
    // The label is for assistive tech only unless asked for.
    await expect(within(status).getByText(globals.locale === "fr" ? "Chargement" : "Loading")).toHaveClass(
      "sr-only",
    );
  },
};

export const Sizes: Story = {
  render: (args) => (
    <>
      <Spinner {...args} size="sm" />
      <Spinner {...args} size="md" />
      <Spinner {...args} size="lg" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const sizes = within(canvasElement)
      .getAllByRole("status")
      .map((status) => status.querySelector("svg")?.getBoundingClientRect().width);
    await expect(sizes).toEqual([16, 24, 40]);
  },
};

export const WithLabel: Story = {
  render: function Render(args) {
    const { t } = useLingui();
    return <Spinner {...args} label={t`Saving your changes`} showLabel />;
  },
  play: async ({ canvasElement, globals }) => {
    const label = globals.locale === "fr" ? "Enregistrement de vos modifications" : "Saving your changes";
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(label);
    await expect(within(canvasElement).getByText(label)).toBeVisible();
  },
};
