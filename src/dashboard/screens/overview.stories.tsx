import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import type { Overview as OverviewData } from "../client/overview.ts";
import { OverviewScreen } from "./overview.tsx";
import { inDashboard, never, offline, ok } from "./story-fixtures.tsx";

/** A good week, seen at the fixtures' clock (2026-10-05 12:00 UTC): last night's backup. */
const goodWeek: OverviewData = {
  users: { signups: 42, trials: 1_280, paidMonthly: 311, paidYearly: 97, awaitingPayment: 0, pastDue: 0 },
  failedMails: 0,
  lastBackup: {
    key: "@auto_pb_backup_lumen_20261005030000.zip",
    size: 2_301_952,
    modified: "2026-10-05 03:00:00.000Z",
  },
};

const meta = {
  title: "Dashboard/Overview",
  component: OverviewScreen,
  decorators: [inDashboard],
  args: { loadOverview: fn(async () => ok(goodWeek)) },
  parameters: { path: "/_" },
} satisfies Meta<typeof OverviewScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Figures: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const prefix = fr ? "/fr" : "";
    // Each figure opens the list behind it, filtered as the figure counts.
    await expect(
      await canvas.findByRole("link", {
        name: fr ? "1\u202f280 Essai gratuit en cours" : "1,280 On the free trial",
      }),
    ).toHaveAttribute("href", `${prefix}/_/users?status=trial`);
    await expect(
      canvas.getByRole("link", { name: fr ? "97 Paient à l’année" : "97 Paying yearly" }),
    ).toHaveAttribute("href", `${prefix}/_/users?status=paid&period=year`);
    await expect(
      canvas.getByRole("link", { name: fr ? /^42 Inscriptions/ : /^42 Sign-ups/ }),
    ).toHaveAttribute("href", `${prefix}/_/users?joined=week`);
    await expect(
      canvas.getByRole("link", { name: fr ? /Échecs d’envoi d’e-mail/ : /Mail failures/ }),
    ).toHaveAttribute("href", `${prefix}/_/logs?type=mail&level=problems&since=day`);
    await expect(canvas.getByText(fr ? "il y a 9 heures" : "9 hours ago")).toBeVisible();
  },
};

/** Payments waiting and failing, mail not going out, and no backup for two weeks. */
export const NeedsAttention: Story = {
  args: {
    loadOverview: fn(async () =>
      ok({
        ...goodWeek,
        users: { ...goodWeek.users, awaitingPayment: 3, pastDue: 2 },
        failedMails: 14,
        lastBackup: { key: "before-migration.zip", size: 20_480, modified: "2026-09-20 12:00:00.000Z" },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText(fr ? "Plus d’une semaine" : "Over a week old")).toBeVisible();
    await expect(canvas.getByText(fr ? "il y a 15 jours" : "15 days ago")).toBeVisible();
  },
};

/** A new server: nobody yet, and no backup. */
export const FirstDay: Story = {
  args: {
    loadOverview: fn(async () =>
      ok({
        users: { signups: 0, trials: 0, paidMonthly: 0, paidYearly: 0, awaitingPayment: 0, pastDue: 0 },
        failedMails: 0,
        lastBackup: null,
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      await canvas.findByRole("link", { name: fr ? /^Aucune pour l’instant/ : /^None yet/ }),
    ).toHaveAttribute("href", fr ? "/fr/_/backups" : "/_/backups");
  },
};

export const Loading: Story = { args: { loadOverview: fn(never) } };

export const LoadFailed: Story = {
  args: { loadOverview: fn(offline) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toBeVisible();
  },
};
