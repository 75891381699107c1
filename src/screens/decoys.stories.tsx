import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { WpAdminScreen, WpLoginScreen } from "./decoys.tsx";

const meta = {
  title: "Test pages/Decoys",
  component: WpAdminScreen,
} satisfies Meta<typeof WpAdminScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const noLogin = (canvasElement: HTMLElement) => {
  expect(canvasElement.querySelector("form")).toBeNull();
  expect(within(canvasElement).queryAllByRole("textbox")).toHaveLength(0);
};

export const WpAdmin: Story = {
  parameters: { path: "/wp-admin" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Il n’y a pas d’espace d’administration ici" : "There is no administration area here",
    );
    noLogin(canvasElement);
    await expect(
      canvas.getByRole("link", { name: fr ? "Retour à l’accueil" : "Back to the home page" }),
    ).toHaveAttribute("href", fr ? "/fr" : "/");
  },
};

export const WpLogin: Story = {
  parameters: { path: "/wp-login" },
  render: () => <WpLoginScreen />,
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr"
        ? "Il n’y a pas de connexion WordPress ici"
        : "There is no WordPress login here",
    );
    noLogin(canvasElement);
  },
};
