import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ProductShot, sampleCredentials } from "./product-shot.tsx";
import docs from "./product-shot.docs.md?raw";

const meta = {
  title: "Marketing/ProductShot",
  component: ProductShot,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } }, scripts: false },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-xl p-12">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProductShot>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The real credentials card as a picture: one described image over it, nothing in it to focus or
 * press, no heading in the page's outline.
 */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("img", {
        name:
          globals.locale === "fr"
            ? /^Aperçu de la carte Identifiants Stremio/
            : /^Preview of the Stremio credentials card/,
      }),
    ).toBeVisible();
    const shot = canvasElement.querySelector("[data-slot=product-shot]")!;
    await expect(shot).toHaveTextContent(sampleCredentials.username);
    await expect(within(canvasElement).queryAllByRole("button")).toHaveLength(0);
    await expect(shot.querySelectorAll("h1, h2, h3, h4, h5, h6")).toHaveLength(0);
    for (const button of shot.querySelectorAll("button")) {
      button.focus();
      await expect(button).not.toHaveFocus();
    }
  },
};
