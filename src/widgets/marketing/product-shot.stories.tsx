import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ProductShot, sampleCredentials } from "./product-shot.tsx";

const meta = {
  title: "Marketing/ProductShot",
  component: ProductShot,
  parameters: { scripts: false },
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

/** The real credentials card as a picture: one described image, nothing in it to focus or press. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const shot = canvas.getByRole("img", {
      name:
        globals.locale === "fr"
          ? /^Aperçu de la carte Identifiants Stremio/
          : /^Preview of the Stremio credentials card/,
    });
    await expect(shot).toHaveTextContent(sampleCredentials.username);
    await expect(within(shot).queryAllByRole("button")).toHaveLength(0);
    for (const button of shot.querySelectorAll("button")) {
      button.focus();
      await expect(button).not.toHaveFocus();
    }
  },
};
