import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DashboardShell } from "./dashboard-shell.tsx";

const meta = {
  title: "Widgets/Dashboard shell",
  component: DashboardShell,
  args: { email: "root@example.com", onSignOut: fn(), children: <p>…</p> },
  parameters: { path: "/_/backups" },
} satisfies Meta<typeof DashboardShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const nav = canvas.getByRole("navigation", { name: fr ? "Tableau de bord" : "Dashboard" });
    const names = within(nav)
      .getAllByRole("link")
      .map((link) => link.textContent);
    await expect(names).toEqual(
      fr
        ? ["Vue d’ensemble", "Utilisateurs", "Superutilisateurs", "Sauvegardes", "Journaux", "Paramètres"]
        : ["Overview", "Users", "Superusers", "Backups", "Logs", "Settings"],
    );
    await expect(within(nav).getByRole("link", { name: fr ? "Sauvegardes" : "Backups" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The language links carry the choice, as on the site (shared/i18n/choice.ts).
    const languages = canvas.getByRole("navigation", { name: fr ? "Langue" : "Language" });
    await expect(within(languages).getByRole("link", { name: "English" })).toHaveAttribute(
      "href",
      "/_/backups?lang=en",
    );
    await expect(within(languages).getByRole("link", { name: "Français" })).toHaveAttribute(
      "href",
      "/fr/_/backups?lang=fr",
    );
    await expect(canvas.getByText("root@example.com")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Se déconnecter" : "Sign out" }));
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};

export const SignedOut: Story = {
  args: { email: null },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.queryByRole("navigation", { name: globals.locale === "fr" ? "Tableau de bord" : "Dashboard" }),
    ).toBeNull();
    await expect(canvas.queryByRole("button", { name: /Sign out|Se déconnecter/ })).toBeNull();
  },
};
