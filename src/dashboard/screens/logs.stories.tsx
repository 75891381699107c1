import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { LogsScreen } from "./logs.tsx";
import { inDashboard, logs, never, offline, ok, pageOf, perHour } from "./story-fixtures.tsx";

const meta = {
  title: "Dashboard/Logs",
  component: LogsScreen,
  decorators: [inDashboard],
  args: { loadLogs: fn(async () => ok({ ...pageOf(logs, 1, 50), perHour })) },
  parameters: {
    path: "/_/logs",
    // The whole page with a row open in one screenshot: screenshots only show what fits in the viewport.
    viewport: {
      options: {
        tallDesktop: {
          name: "Desktop, whole page",
          styles: { width: "1200px", height: "1000px" },
          type: "desktop",
        },
      },
    },
  },
  globals: { viewport: { value: "tallDesktop", isRotated: false } },
} satisfies Meta<typeof LogsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A row opens to show the request's details. */
export const Expanded: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText(fr ? "5 entrées" : "5 entries")).toBeVisible();
    // What the request did, in words, above its method and path.
    const row = canvas.getByRole("button", {
      name: fr
        ? "Renouvellement de session refusé POST /api/collections/users/auth-refresh"
        : "Session renewal refused POST /api/collections/users/auth-refresh",
    });
    await userEvent.click(row);
    await expect(row).toHaveAttribute("aria-expanded", "true");
    await expect(canvas.getByText("203.0.113.7")).toBeVisible();
    await expect(canvas.getByText(fr ? "Agent utilisateur" : "User agent")).toBeVisible();
    // The status, in the row's badge and in the details.
    await expect(canvas.getAllByText("401")).toHaveLength(2);
    // A signed-in user's request names them, with a link to their page.
    await expect(canvas.getAllByRole("link", { name: "camille.martin@example.com" })[0]).toHaveAttribute(
      "href",
      fr ? "/fr/_/user?id=k3m9q0w1e2r3t4y" : "/_/user?id=k3m9q0w1e2r3t4y",
    );
  },
};

/** A mail the server could not send yet: its level, and the recipient, the error and the next try. */
export const MailDelivery: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const row = await canvas.findByRole("button", {
      name: fr
        ? "E-mail pas encore envoyé : il reste en file d’attente et sera réessayé"
        : "Mail not sent yet: it stays queued and is tried again",
    });
    await expect(canvas.getByText(fr ? "Avertissement" : "Warning")).toBeVisible();
    await userEvent.click(row);
    await expect(canvas.getByText("dana@example.com")).toBeVisible();
    await expect(canvas.getByText("connect ECONNREFUSED 10.0.0.25:587")).toBeVisible();
    await expect(canvas.getByText(fr ? "Prochain essai dans (ms)" : "Next try in (ms)")).toBeVisible();
    await expect(canvas.queryByText(fr ? "Agent utilisateur" : "User agent")).toBeNull();
  },
};

export const Filtered: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(canvas.getByRole("combobox", { name: "Type" }));
    await userEvent.click(
      await within(document.body).findByRole("option", { name: fr ? "Requêtes" : "Requests" }),
    );
    await userEvent.type(canvas.getByLabelText(fr ? "L’URL contient" : "URL contains"), "/api/backups");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Filtrer" : "Filter" }));
    await waitFor(() =>
      expect(args.loadLogs).toHaveBeenLastCalledWith(
        expect.objectContaining({ type: "request", url: "/api/backups", page: 1 }),
      ),
    );
  },
};

export const Empty: Story = {
  args: { loadLogs: fn(async () => ok({ ...pageOf([], 1, 50), perHour: [] })) },
  play: async ({ canvasElement, globals }) => {
    await expect(
      await within(canvasElement).findByText(
        globals.locale === "fr"
          ? "Aucune entrée ne correspond à ces filtres."
          : "No entry matches these filters.",
      ),
    ).toBeVisible();
  },
};

export const Loading: Story = { args: { loadLogs: fn(never) } };

export const LoadFailed: Story = {
  args: { loadLogs: fn(offline) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toBeVisible();
  },
};
