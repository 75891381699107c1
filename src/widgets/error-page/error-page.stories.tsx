import { useLingui } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ErrorPage } from "./error-page.tsx";
import docs from "./error-page.docs.md?raw";

const meta = {
  title: "Widgets/ErrorPage",
  component: ErrorPage,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  argTypes: { status: { control: "select", options: [404, 500, 503] } },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  args: { status: 404 },
  // "Page Not Found: {path}", in the visitor's language.
  render: function Render(args) {
    const { t } = useLingui();
    const path = "/docs/a/b";
    return <ErrorPage {...args} message={t`Page Not Found: ${path}`} />;
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Page introuvable" : "Page Not Found",
    );
    await expect(canvas.getByText(/\/docs\/a\/b/).textContent).toBe(
      fr ? "Page introuvable\u00a0: /docs/a/b" : "Page Not Found: /docs/a/b",
    );
    // Nothing to retry on a missing page: only the way home.
    await expect(canvas.queryByRole("button")).toBeNull();
    await expect(
      canvas.getByRole("link", { name: fr ? "Retour à l’accueil" : "Back to the home page" }),
    ).toHaveAttribute("href", fr ? "/fr" : "/");
  },
};

export const ServerError: Story = {
  args: {},
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByText("500")).toBeVisible();
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Erreur interne du serveur" : "Internal Server Error",
    );
    await expect(canvas.getByRole("link")).toHaveAttribute("href", fr ? "/fr" : "/");
    await expect(canvas.getByRole("button", { name: fr ? "Réessayer" : "Try again" })).toBeEnabled();
  },
};

export const CustomStatus: Story = {
  args: { status: 503 },
  render: function Render(args) {
    const { t } = useLingui();
    return <ErrorPage {...args} message={t`Maintenance in progress`} />;
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByText("503")).toBeVisible();
    await expect(canvas.getByText(fr ? "Maintenance en cours" : "Maintenance in progress")).toBeVisible();
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Erreur interne du serveur" : "Internal Server Error",
    );
  },
};

export const Phone: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  args: { status: 404 },
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole("link", {
      name: globals.locale === "fr" ? "Retour à l’accueil" : "Back to the home page",
    });
    // Everything fits the phone's width.
    await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(414);
    await expect(canvas.getByRole("main").scrollWidth).toBeLessThanOrEqual(414);
  },
};
