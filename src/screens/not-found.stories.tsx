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

/** A path no page has, named (the server writes it into the prerendered page). */
export const WithPath: Story = {
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr" ? /^Page introuvable\s: \/no\/such\/page$/ : "Page not found: /no/such/page",
    );
  },
};

/** A page's path whose last part names nothing (an unknown doc or post): the same design, its text. */
export const Invalid: Story = {
  args: { path: "/fr/docs/no-such-doc", kind: "invalid" },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr"
        ? /^Page introuvable\s: \/fr\/docs\/no-such-doc$/
        : "Page Not Found: /fr/docs/no-such-doc",
    );
  },
};
