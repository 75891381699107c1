import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ErrorPage } from "./error-page.tsx";

const meta = {
  title: "Widgets/ErrorPage",
  component: ErrorPage,
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  args: { status: 404, message: "Page Not Found: /docs/a/b" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr" ? "Page introuvable" : "Page Not Found",
    );
  },
};

export const ServerError: Story = {
  args: {},
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("500")).toBeVisible();
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr" ? "Erreur interne du serveur" : "Internal Server Error",
    );
    await expect(canvas.getByRole("link")).toHaveAttribute("href", globals.locale === "fr" ? "/fr" : "/");
  },
};

export const CustomStatus: Story = {
  args: { status: 503, message: "Maintenance in progress" },
};
