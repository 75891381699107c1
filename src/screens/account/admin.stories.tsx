import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "../../auth/action-result.ts";
import { paidUser } from "../../auth/auth-states.ts";
import { AdminScreen } from "./admin.tsx";

const stats = {
  total: 1284,
  byPlan: { free: 912, paid: 372 },
  signupsPerWeek: [
    { week: "2026-09-07", count: 48 },
    { week: "2026-09-14", count: 61 },
    { week: "2026-09-21", count: 57 },
    { week: "2026-09-28", count: 80 },
    { week: "2026-10-05", count: 95 },
    { week: "2026-10-12", count: 88 },
    { week: "2026-10-19", count: 120 },
    { week: "2026-10-26", count: 134 },
  ],
};

const meta = {
  title: "Screens/Admin",
  component: AdminScreen,
  args: {
    loadStats: fn(async () => ok(stats)),
    findUser: fn(async (email: string) => ok(email === paidUser.email ? paidUser : null)),
  },
  parameters: {
    path: "/admin",
    auth: "Admin",
    viewport: {
      options: {
        tall: { name: "Tall desktop", styles: { width: "1200px", height: "1100px" }, type: "desktop" },
      },
    },
  },
  globals: { viewport: { value: "tall", isRotated: false } },
} satisfies Meta<typeof AdminScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText(fr ? "Utilisateurs : 1 284" : "Users: 1,284")).toBeVisible();
    await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), paidUser.email);
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Rechercher" : "Search" }));
    await waitFor(() => expect(canvas.getByRole("status", { name: "" })).toHaveTextContent(paidUser.email));
  },
};

export const NotFound: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), "nobody@example.com");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Rechercher" : "Search" }));
    await expect(
      await canvas.findByText(
        fr ? "Aucun utilisateur avec cette adresse e-mail." : "No user with this email address.",
      ),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  args: { loadStats: fn(() => new Promise<never>(() => {})) },
};

export const LoadFailed: Story = {
  args: {
    loadStats: fn(async () => ({
      success: false as const,
      error: {
        message: { id: "x", message: "Cannot reach the server." },
        fieldErrors: {},
        status: 0,
        aborted: false,
      },
    })),
  },
  play: async ({ canvasElement }) => {
    await expect(
      (await within(canvasElement).findAllByRole("button", { name: /retry|try again|réessayer/i }))[0],
    ).toBeVisible();
  },
};
