import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "#src/forms/action-result.ts";
import type { AdminStats } from "#src/auth/account.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { paidUser, trialUser, unverifiedUser } from "#src/auth/auth-fixtures.ts";
import { AdminScreen } from "./admin.tsx";

const stats: AdminStats = {
  total: 1284,
  billing: {
    trial: 612,
    awaitingPayment: 41,
    trialing: 36,
    active: 498,
    cancelling: 27,
    pastDue: 12,
    ended: 121,
    // The subscriptions that renew and are paid: active and past due.
    byInterval: { month: 312, year: 186 },
    // 312 × 4.99 + 186 × 49.99 / 12, as the server counts it: the active subscriptions (498).
    monthlyRecurringRevenue: 2331.73,
  },
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

/**
 * Other users as an admin reads them: their records without their subscriptions (the owner's to
 * read), so each row says what the record tells (`plan`, `trial_ends`).
 */
const others = (users: AuthUser[]): AuthUser[] => users.map(({ expand: _theirs, ...user }) => user);
const people: AuthUser[] = others([
  paidUser,
  {
    ...trialUser,
    id: "a1b2c3d4e5f6g7h",
    name: "Camille Dupont",
    email: "c.dupont@example.com",
    trial_ends: "2026-09-20 08:00:00.000Z",
  },
  { ...trialUser, id: "t1", name: "Marc Camilleri", email: "marc.c@example.com" },
]);

/** What the server's `email ~ q || name ~ q` answers: a case-insensitive "contains". */
async function search(query: string) {
  const q = query.trim().toLowerCase();
  const users = people.filter((u) => u.email.toLowerCase().includes(q) || u.name.toLowerCase().includes(q));
  return ok({ total: users.length, users });
}

const meta = {
  title: "Screens/Admin",
  component: AdminScreen,
  args: {
    loadStats: fn(async () => ok(stats)),
    searchUsers: fn(search),
  },
  parameters: {
    path: "/admin",
    auth: "Admin",
    viewport: {
      options: {
        tall: { name: "Tall desktop", styles: { width: "1200px", height: "1200px" }, type: "desktop" },
      },
    },
  },
  globals: { viewport: { value: "tall", isRotated: false } },
} satisfies Meta<typeof AdminScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const searchFor = async (canvasElement: HTMLElement, fr: boolean, text: string) => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(fr ? "E-mail ou nom" : "Email or name"), text);
  await userEvent.click(canvas.getByRole("button", { name: fr ? "Rechercher" : "Search" }));
  return canvas.getByRole("status", { name: fr ? "Résultats de recherche" : "Search results" });
};

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText(fr ? "Utilisateurs : 1 284" : "Users: 1,284")).toBeVisible();
    // Users by the statuses every page shows, as the server counts them.
    const statuses = await canvas.findByRole("group", {
      name: fr ? "Utilisateurs par statut de facturation" : "Users by billing status",
    });
    for (const [en, frName, count] of [
      ["Trial", "Essai", 612],
      ["Awaiting payment", "Paiement attendu", 41],
      ["Paid after the trial", "Payant après l’essai", 36],
      ["Paid", "Payant", 498],
      ["Ending", "Fin prévue", 27],
      ["Payment failed", "Paiement échoué", 12],
      ["Ended", "Terminé", 121],
    ] as const) {
      await expect(
        within(statuses).getByRole("img", {
          name: fr
            ? new RegExp(`^${frName.replace(/[()]/g, "\\$&")}\\s?: Utilisateurs ${count}$`)
            : `${en}: Users ${count}`,
        }),
      ).toBeInTheDocument();
    }
    // The paying subscriptions and what they bring each month.
    const figures = within(canvasElement.querySelector<HTMLElement>("[data-slot=billing-figures]")!);
    await expect(figures.getByRole("heading", { level: 2 })).toHaveTextContent(
      fr ? "Abonnements" : "Subscriptions",
    );
    await expect(figures.getByText(fr ? /^2\s331,73\s€$/ : "€2,331.73")).toBeVisible();
    await expect(figures.getByText("498")).toBeVisible();
    await expect(figures.getByText("312")).toBeVisible();
    await expect(figures.getByText("186")).toBeVisible();
    await expect(figures.getByText("27")).toBeVisible();
  },
};

export const SearchMatches: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    // Part of a name, in other capitals: every user whose email or name contains it.
    const results = await searchFor(canvasElement, fr, "CAMIL");
    await waitFor(() =>
      expect(results).toHaveTextContent(fr ? "3 utilisateurs correspondent" : "3 users match"),
    );
    const rows = within(results).getAllByRole("listitem");
    await expect(rows).toHaveLength(3);
    // Each row says what the user's record tells: paid, a trial over, a trial running.
    await expect(rows.map((row) => row.querySelector("[data-slot=badge]")?.textContent)).toEqual(
      fr ? ["Payant", "Terminé", "Essai"] : ["Paid", "Ended", "Trial"],
    );
  },
};

export const SearchOneMatch: Story = {
  args: {
    searchUsers: fn(async (_query: string) => ok({ total: 1, users: [unverifiedUser] })),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const results = await searchFor(canvasElement, fr, "martin@");
    await waitFor(() =>
      expect(results).toHaveTextContent(fr ? "1 utilisateur correspond" : "1 user matches"),
    );
    await expect(within(results).getByText(fr ? "Non vérifié" : "Not verified")).toBeVisible();
  },
};

export const NoMatch: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const results = await searchFor(canvasElement, fr, "nobody");
    await waitFor(() =>
      expect(results).toHaveTextContent(
        fr ? "Aucun utilisateur ne correspond à « nobody »." : "No user matches “nobody”.",
      ),
    );
  },
};

/** One week of sign-ups: a bar with its count, and an axis counting whole users. */
export const OneWeek: Story = {
  args: {
    loadStats: fn(async () =>
      ok({
        total: 3,
        billing: {
          trial: 2,
          awaitingPayment: 1,
          trialing: 0,
          active: 0,
          cancelling: 0,
          pastDue: 0,
          ended: 0,
          byInterval: { month: 0, year: 0 },
          monthlyRecurringRevenue: 0,
        },
        signupsPerWeek: [{ week: "2026-11-23", count: 3 }],
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const weeks = await canvas.findByRole("group", {
      name: fr ? "Inscriptions par semaine" : "Sign-ups per week",
    });
    await waitFor(() => expect(weeks.querySelectorAll("[data-slot=chart-bar]")).toHaveLength(1));
    const ticks = [...weeks.querySelectorAll(".visx-axis-left text")].map((t) => t.textContent ?? "");
    await expect(ticks.length).toBeGreaterThanOrEqual(2);
    for (const tick of ticks) await expect(tick).toMatch(/^\d+$/);
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
