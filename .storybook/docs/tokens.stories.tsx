import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ColourTokens, cssTokens, RadiusScale, SpacingScale, TypeScale } from "./tokens.tsx";

/** The design tokens of src/app.css and the Tailwind scales built on them. */
const meta = {
  title: "Foundations/Tokens",
  component: ColourTokens,
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ColourTokens>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Colours: Story = {
  play: async ({ canvasElement }) => {
    const names = within(canvasElement)
      .getAllByRole("listitem")
      .map((item) => item.querySelector("code")?.textContent);
    // Every colour variable of app.css is listed, the page background first.
    await expect(names[0]).toBe("--background");
    await expect(names).toContain("--chart-4");
    await expect(names).toHaveLength(cssTokens().filter((t) => t.value.startsWith("#")).length);
    await expect(getComputedStyle(document.documentElement).getPropertyValue("--background").trim()).toBe(
      "#0a0a0b",
    );
  },
};

export const Typography: Story = {
  render: () => <TypeScale />,
  play: async ({ canvasElement, globals }) => {
    const samples = within(canvasElement).getAllByText(
      globals.locale === "fr" ? "Stremio, partout" : "Stremio, everywhere",
    );
    await expect(samples).toHaveLength(9);
    const sizes = samples.map((sample) => parseFloat(getComputedStyle(sample).fontSize));
    await expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  },
};

export const Spacing: Story = {
  render: () => <SpacingScale />,
  play: async ({ canvasElement }) => {
    const bars = canvasElement.querySelectorAll("li > span[aria-hidden]");
    await expect([...bars].map((bar) => bar.getBoundingClientRect().width)).toEqual([
      4, 8, 12, 16, 24, 32, 40, 48, 64,
    ]);
  },
};

export const Radius: Story = {
  render: () => <RadiusScale />,
  play: async ({ canvasElement }) => {
    const shapes = canvasElement.querySelectorAll("li > span[aria-hidden]");
    await expect(getComputedStyle(shapes[2] as Element).borderTopLeftRadius).toBe("10px");
  },
};
