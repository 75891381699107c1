import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import { SettingsScreen, type SettingsScreenProps } from "./settings.tsx";
import { inDashboard, never, offline, ok } from "./story-fixtures.tsx";

const meta = {
  title: "Dashboard/Settings",
  component: SettingsScreen,
  decorators: [inDashboard],
  args: {
    loadSettings: fn<SettingsScreenProps["loadSettings"]>(async () =>
      ok({
        meta: {
          appName: "Lumen",
          appURL: "https://lumen.example",
          senderName: "Lumen",
          senderAddress: "noreply@lumen.example",
        },
        // Without SMTP, as PocketBase answers it: no host, port 0.
        smtp: { enabled: false, host: "", port: 0 },
        backups: { cron: "0 3 * * *", cronMaxKeep: 7 },
        rateLimits: { enabled: true, rules: [{ label: "*:auth", maxRequests: 2, duration: 3 }] },
        bodyLimit: 1_048_576,
        trustedProxy: { headers: [] },
        corsOrigins: ["*"],
        shutdownTimeout: 10,
        logs: { maxDays: 5 },
        mailMode: "outbox" as const,
      }),
    ),
  },
  parameters: { path: "/_/settings" },
} satisfies Meta<typeof SettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Settings: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText("https://lumen.example")).toBeVisible();
    await expect(
      canvas.getByText(fr ? "Dossier d’envoi local (sans SMTP)" : "Outbox folder (no SMTP)"),
    ).toBeVisible();
    // An unset port reads as unset, not "0".
    const port = canvas.getByText(fr ? "Port SMTP" : "SMTP port");
    await expect(port.nextElementSibling).toHaveTextContent("—");
    await expect(canvas.getByText(fr ? "2 par 3 s" : "2 per 3 s")).toBeVisible();
  },
};

/** A server without `GET /api/settings`. */
export const NotAvailable: Story = {
  args: { loadSettings: fn(async () => ok(null)) },
  play: async ({ canvasElement, globals }) => {
    // The placeholder rows are a status too ("Loading") until the answer replaces them.
    await waitFor(() =>
      expect(within(canvasElement).getByRole("status")).toHaveTextContent(
        globals.locale === "fr" ? /ne sont pas disponibles ici/ : /they are not available here/,
      ),
    );
  },
};

export const Loading: Story = { args: { loadSettings: fn(never) } };

export const LoadFailed: Story = {
  args: { loadSettings: fn(offline) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toBeVisible();
  },
};
