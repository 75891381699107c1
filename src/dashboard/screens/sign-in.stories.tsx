import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DashboardShell } from "../widgets/dashboard-shell.tsx";
import { SuperuserCheckingScreen, SuperuserSignInScreen } from "./sign-in.tsx";

const meta = {
  title: "Dashboard/Sign-in",
  component: SuperuserSignInScreen,
  decorators: [
    (Story) => (
      <DashboardShell>
        <Story />
      </DashboardShell>
    ),
  ],
  args: { onSubmit: fn() },
  parameters: { path: "/_" },
} satisfies Meta<typeof SuperuserSignInScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every dashboard page without a superuser session: the sign-in form, no navigation. */
export const SignedOut: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      canvas.getByRole("heading", {
        level: 1,
        name: fr ? "Connexion superutilisateur" : "Superuser sign-in",
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole("navigation", { name: fr ? "Tableau de bord" : "Dashboard" })).toBeNull();
    await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), "root@example.com");
    await userEvent.type(canvas.getByLabelText(fr ? "Mot de passe" : "Password"), "a long password");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Se connecter" : "Sign in" }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      email: "root@example.com",
      password: "a long password",
    });
  },
};

export const WrongPassword: Story = {
  args: { status: "error", message: "Failed to authenticate." },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      globals.locale === "fr" ? "E-mail ou mot de passe incorrect." : "Incorrect email or password.",
    );
  },
};

export const Checking: Story = {
  render: () => <SuperuserCheckingScreen />,
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      globals.locale === "fr"
        ? "Vérification de votre session superutilisateur…"
        : "Checking your superuser session…",
    );
  },
};
