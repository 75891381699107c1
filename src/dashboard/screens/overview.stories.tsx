import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import type { Money, Overview as OverviewData } from "../client/overview.ts";
import { OverviewScreen } from "./overview.tsx";
import { inDashboard, never, offline, ok } from "./story-fixtures.tsx";

/** The 30 UTC days up to the fixtures' clock (2026-10-05 12:00 UTC), each with `count(i)` sign-ups. */
const signupsByDay = (count: (i: number) => number): Money["signupsByDay"] =>
  Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 8, 6) + i * 86_400_000).toISOString().slice(0, 10),
    count: count(i),
  }));

/** A good month: 311 × 4.99 + 97 × 49.99 / 12 a month, 51 of 120 trials converted, 9 of 417 lost. */
const goodMonth: Money = {
  monthlyRecurringRevenue: 1955.98,
  conversion: { trialsEnded: 120, paying: 51 },
  churn: { ended: 9, base: 417 },
  manual: { dueSoon: 2, overdue: 0 },
  signupsByDay: signupsByDay((i) => 3 + ((i * 7) % 5) + Math.floor(i / 6)),
};

/** A good week, seen at the fixtures' clock (2026-10-05 12:00 UTC): last night's backup. */
const goodWeek: OverviewData = {
  users: {
    signups: 42,
    trials: 1_280,
    paidMonthly: 311,
    paidYearly: 97,
    scheduled: 36,
    canceling: 11,
    awaitingPayment: 0,
    pastDue: 0,
  },
  failedMails: 0,
  lastBackup: {
    key: "@auto_pb_backup_lumen_20261005030000.zip",
    size: 2_301_952,
    modified: "2026-10-05 03:00:00.000Z",
  },
  money: goodMonth,
};

const meta = {
  title: "Dashboard/Overview",
  component: OverviewScreen,
  decorators: [inDashboard],
  args: { loadOverview: fn(async () => ok(goodWeek)) },
  parameters: {
    path: "/_",
    // Every section and the chart in one screenshot: screenshots only show what fits in the viewport.
    viewport: {
      options: {
        tallDesktop: {
          name: "Desktop, whole page",
          styles: { width: "1200px", height: "1800px" },
          type: "desktop",
        },
      },
    },
  },
  globals: { viewport: { value: "tallDesktop", isRotated: false } },
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
    // The money: the revenue opens the paying users; conversion and churn say how they count.
    await expect(
      canvas.getByRole("link", {
        name: fr ? /^1\u202f955,98\u00a0€ Revenu mensuel récurrent/ : /^€1,955\.98 Monthly recurring revenue/,
      }),
    ).toHaveAttribute("href", `${prefix}/_/users?status=paid`);
    // (Text matchers read the narrow no-break spaces as plain ones.)
    await expect(canvas.getByText(fr ? "42,5 %" : "42.5%")).toBeVisible();
    await expect(canvas.getByText(fr ? "2,2 %" : "2.2%")).toBeVisible();
    await expect(canvas.getByText(fr ? /51 sur 120/ : /51 of 120/)).toBeVisible();
    await expect(
      canvas.getByRole("link", {
        name: fr ? /^36 Abonnés pendant l’essai/ : /^36 Subscribed during the trial/,
      }),
    ).toHaveAttribute("href", `${prefix}/_/users?status=scheduled`);
    await expect(
      canvas.getByRole("link", {
        name: fr ? /^2 À renouveler dans les 3 prochains jours/ : /^2 Due in the next 3 days/,
      }),
    ).toHaveAttribute("href", `${prefix}/_/users?renewal=due`);
    await expect(
      canvas.getByRole("figure", { name: fr ? "Inscriptions par jour" : "Sign-ups per day" }),
    ).toBeVisible();
  },
};

/** The same month on a phone: the figures in one or two columns, the chart as wide as the screen. */
export const FiguresOnAPhone: Story = {
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole("figure", {
        name: globals.locale === "fr" ? "Inscriptions par jour" : "Sign-ups per day",
      }),
    ).toBeVisible();
  },
};

/** Payments waiting and failing, mail not going out, and no backup for two weeks. */
export const NeedsAttention: Story = {
  args: {
    loadOverview: fn(async () =>
      ok({
        ...goodWeek,
        users: { ...goodWeek.users, awaitingPayment: 3, pastDue: 2 },
        money: { ...goodMonth, manual: { dueSoon: 4, overdue: 2 } },
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
    await expect(canvas.getByRole("link", { name: fr ? /^2 En retard/ : /^2 Overdue/ })).toHaveAttribute(
      "href",
      `${fr ? "/fr" : ""}/_/users?renewal=overdue`,
    );
  },
};

/** A new server: nobody yet, no money, and no backup. */
export const FirstDay: Story = {
  args: {
    loadOverview: fn(async () =>
      ok({
        users: {
          signups: 0,
          trials: 0,
          paidMonthly: 0,
          paidYearly: 0,
          scheduled: 0,
          canceling: 0,
          awaitingPayment: 0,
          pastDue: 0,
        },
        failedMails: 0,
        lastBackup: null,
        money: {
          monthlyRecurringRevenue: 0,
          conversion: { trialsEnded: 0, paying: 0 },
          churn: { ended: 0, base: 0 },
          manual: { dueSoon: 0, overdue: 0 },
          signupsByDay: signupsByDay(() => 0),
        },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      await canvas.findByRole("link", { name: fr ? /^Aucune pour l’instant/ : /^None yet/ }),
    ).toHaveAttribute("href", fr ? "/fr/_/backups" : "/_/backups");
    // No trial has ended and nobody paid: no share to give.
    await expect(canvas.getAllByText("—")).toHaveLength(2);
    await expect(canvas.getByText(fr ? "0,00 €" : "€0.00")).toBeVisible();
  },
};

/** A PocketBase without this server's billing: the counts, without the money figures. */
export const WithoutBillingFigures: Story = {
  args: { loadOverview: fn(async () => ok({ ...goodWeek, money: null })) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole("link", {
        name: globals.locale === "fr" ? /^97 Paient à l’année/ : "97 Paying yearly",
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole("figure")).toBeNull();
  },
};

export const Loading: Story = { args: { loadOverview: fn(never) } };

export const LoadFailed: Story = {
  args: { loadOverview: fn(offline) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toBeVisible();
  },
};

/** A seller set in part: the missing details flagged, with the variable that sets each. */
export const SellerDetailsMissing: Story = {
  args: {
    loadOverview: fn(async () =>
      ok({
        ...goodWeek,
        money: null,
        seller: {
          seller: {
            name: "Lumen SAS",
            legalForm: "SAS au capital de 1 000 €",
            address: "12 rue de la Paix, 75002 Paris",
            registration: "RCS Paris 912 345 678",
            vatNumber: "",
            vatRate: 0,
            director: "",
            supportEmail: "help@lumen.example",
          },
          host: {
            name: "Hetzner Online GmbH",
            address: "Industriestr. 25, 91710 Gunzenhausen, Germany",
            phone: "",
          },
          mediator: { name: "", address: "", url: "" },
          missing: [
            { variable: "SELLER_DIRECTOR", consequence: "the legal notice names no director of publication" },
            { variable: "HOST_PHONE", consequence: "the legal notice gives no phone number for the host" },
            { variable: "MEDIATOR_NAME", consequence: "the terms of sale name no consumer mediator" },
            {
              variable: "MEDIATOR_ADDRESS",
              consequence: "the terms of sale give no address for the mediator",
            },
            { variable: "MEDIATOR_URL", consequence: "the terms of sale give no website for the mediator" },
          ],
        },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const section = within(
      await canvas.findByRole("region", { name: fr ? /Coordonnées du vendeur/ : /Seller details/ }),
    );
    await expect(section.getByText(fr ? "5 non renseignées" : "5 not set")).toBeVisible();
    await expect(section.getAllByText(fr ? "Non renseigné" : "Not set")).toHaveLength(5);
    await expect(section.getByText("MEDIATOR_URL")).toBeVisible();
    // The VAT number is not required (a seller under the VAT exemption has none): not flagged.
    await expect(section.getByText(fr ? "Aucun" : "None")).toBeVisible();
    await expect(section.getByText("12 rue de la Paix, 75002 Paris")).toBeVisible();
  },
};
