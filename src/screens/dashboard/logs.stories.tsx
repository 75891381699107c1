import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { LogsScreen } from "./logs.tsx";
import { inDashboard, logs, never, offline, ok, pageOf, perHour } from "./story-fixtures.tsx";

const meta = {
  title: "Dashboard/Logs",
  component: LogsScreen,
  decorators: [inDashboard],
  args: { loadLogs: fn(async () => ok({ ...pageOf(logs, 1, 50), perHour })) },
  parameters: { path: "/_/logs" },
} satisfies Meta<typeof LogsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A row opens to show the request's details. */
export const Expanded: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText(fr ? "4 requêtes" : "4 requests")).toBeVisible();
    const row = canvas.getByRole("button", { name: "POST /api/collections/users/auth-refresh" });
    await userEvent.click(row);
    await expect(row).toHaveAttribute("aria-expanded", "true");
    await expect(canvas.getByText("203.0.113.7")).toBeVisible();
    await expect(canvas.getByText(fr ? "Agent utilisateur" : "User agent")).toBeVisible();
    // The status, in the row's badge and in the details.
    await expect(canvas.getAllByText("401")).toHaveLength(2);
  },
};

export const Filtered: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.type(canvas.getByLabelText(fr ? "L’URL contient" : "URL contains"), "/api/backups");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Filtrer" : "Filter" }));
    await waitFor(() =>
      expect(args.loadLogs).toHaveBeenLastCalledWith(
        expect.objectContaining({ url: "/api/backups", page: 1 }),
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
          ? "Aucune requête ne correspond à ces filtres."
          : "No request matches these filters.",
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
