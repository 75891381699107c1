import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { inLocale, testPageFixture } from "../content/fixtures.ts";
import { TestScreen } from "./test.tsx";

const meta = {
  title: "Test pages/Test",
  component: TestScreen,
  args: testPageFixture.en,
  parameters: { path: "/test" },
  render: (_args, { globals }) => <TestScreen {...inLocale(testPageFixture, globals)} />,
} satisfies Meta<typeof TestScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("link", { name: /\/terms/ })).toHaveAttribute(
      "href",
      fr ? "/fr/terms" : "/terms",
    );
    await expect(canvas.getByRole("link", { name: fr ? /deux segments/ : /two segments/ })).toHaveAttribute(
      "href",
      fr ? "/fr/fr/docs/account/extra" : "/fr/docs/account/extra",
    );
    // No build manifest in Storybook.
    await expect(
      canvas.getByText(fr ? "Version en cours : inconnue" : "Running build: unknown"),
    ).toBeVisible();
  },
};
