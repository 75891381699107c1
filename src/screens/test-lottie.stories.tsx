import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { TestLottieScreen } from "./test-lottie.tsx";

const meta = {
  title: "Test pages/TestLottie",
  component: TestLottieScreen,
  args: { autoplay: false },
  parameters: { path: "/test-lottie" },
} satisfies Meta<typeof TestLottieScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const paused = (fr: boolean) => (fr ? "L’animation est en pause." : "The animation is paused.");

/** Loaded and paused on its first frame (a stable screenshot). */
export const Paused: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await waitFor(() => expect(canvas.getByText(paused(fr))).toBeVisible(), { timeout: 5000 });
    await expect(canvas.getByRole("img").querySelector("svg")).not.toBeNull();
    await expect(canvas.getByRole("button", { name: fr ? "Lecture" : "Play" })).toBeEnabled();
  },
};

/** Play runs the animation, Pause stops it (the frame then varies: no screenshot). */
export const PlayAndPause: Story = {
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await waitFor(() => expect(canvas.getByText(paused(fr))).toBeVisible(), { timeout: 5000 });
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Lecture" : "Play" }));
    await expect(
      canvas.getByText(fr ? "L’animation est en cours de lecture." : "The animation is playing."),
    ).toBeVisible();
    const animation = canvas.getByRole("img");
    await waitFor(() => expect(Number(animation.getAttribute("data-frame"))).toBeGreaterThan(0));
    await userEvent.click(canvas.getByRole("button", { name: "Pause" }));
    await expect(canvas.getByText(paused(fr))).toBeVisible();
  },
};
