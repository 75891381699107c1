import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NotFoundScreen } from "./not-found.tsx";

const meta = {
  title: "Screens/NotFound",
  component: NotFoundScreen,
  args: { path: "/no/such/page" },
} satisfies Meta<typeof NotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The non-fatal 404, naming the path (the server writes it into the prerendered page). */
export const WithPath: Story = {
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr" ? /^Page introuvable\s: \/no\/such\/page$/ : "Page not found: /no/such/page",
    );
  },
};
