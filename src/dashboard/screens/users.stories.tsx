import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { inDashboard, never, offline, ok, pageOf, people } from "./story-fixtures.tsx";
import { UsersScreen } from "./users.tsx";

const meta = {
  title: "Dashboard/Users",
  component: UsersScreen,
  decorators: [inDashboard],
  args: { loadUsers: fn(async () => ok(pageOf(people))) },
  parameters: { path: "/_" },
} satisfies Meta<typeof UsersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText(fr ? "4 utilisateurs" : "4 users")).toBeVisible();
    await expect(canvas.getAllByRole("row")).toHaveLength(5);
    await expect(canvas.getByRole("link", { name: "c.dupont@example.com" })).toHaveAttribute(
      "href",
      fr ? "/fr/_/user?id=a1b2c3d4e5f6g7h" : "/_/user?id=a1b2c3d4e5f6g7h",
    );
    await expect(
      canvas.getByText(fr ? "Payant (en attente de paiement)" : "Paid (awaiting payment)"),
    ).toBeVisible();
    // Newest first by default.
    await expect(args.loadUsers).toHaveBeenCalledWith(
      expect.objectContaining({ sort: "created", descending: true, page: 1, perPage: 20 }),
    );
  },
};

/** The operator looks for the paid sign-ups still waiting for their payment. */
export const FilterAwaitingPayment: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(canvas.getByRole("combobox", { name: fr ? "Offre" : "Plan" }));
    await userEvent.click(
      await within(document.body).findByRole("option", {
        name: fr ? "Payant (en attente de paiement)" : "Paid (awaiting payment)",
      }),
    );
    await waitFor(() =>
      expect(args.loadUsers).toHaveBeenLastCalledWith(
        expect.objectContaining({ status: "awaiting-payment", page: 1 }),
      ),
    );
    await userEvent.type(canvas.getByLabelText(fr ? "E-mail ou nom" : "Email or name"), "dupont");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Rechercher" : "Search" }));
    await waitFor(() =>
      expect(args.loadUsers).toHaveBeenLastCalledWith(
        expect.objectContaining({ status: "awaiting-payment", search: "dupont" }),
      ),
    );
  },
};

export const Paged: Story = {
  args: { loadUsers: fn(async (query: { page: number }) => ok(pageOf(people, query.page, 20, 64))) },
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText(fr ? "Page 1 sur 4" : "Page 1 of 4")).toBeVisible();
    await expect(canvas.getByRole("button", { name: fr ? "Précédent" : "Previous" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Suivant" : "Next" }));
    await expect(await canvas.findByText(fr ? "Page 2 sur 4" : "Page 2 of 4")).toBeVisible();
    await expect(args.loadUsers).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
  },
};

export const Empty: Story = {
  args: { loadUsers: fn(async () => ok(pageOf([]))) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await expect(
      await within(canvasElement).findByText(
        fr ? "Aucun utilisateur ne correspond à ces filtres." : "No user matches these filters.",
      ),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  args: { loadUsers: fn(never) },
  play: async ({ canvasElement, globals }) => {
    await expect(
      within(canvasElement).getByRole("status", { name: globals.locale === "fr" ? "Chargement" : "Loading" }),
    ).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { loadUsers: fn(offline) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const alert = await within(canvasElement).findByRole("alert");
    await expect(alert).toHaveTextContent(
      fr ? /Impossible de joindre le serveur/ : /Cannot reach the server/,
    );
    await expect(within(alert).getByRole("button", { name: fr ? "Réessayer" : "Try again" })).toBeVisible();
  },
};
