import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import {
  inDashboard,
  never,
  offline,
  ok,
  pageOf,
  people,
  refused,
  wholePage,
  wholePageGlobals,
} from "./story-fixtures.tsx";
import { UsersScreen, type UsersScreenProps } from "./users.tsx";
import { paidUser } from "#src/auth/auth-fixtures.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";

const meta = {
  title: "Dashboard/Users",
  component: UsersScreen,
  decorators: [inDashboard],
  args: {
    loadUsers: fn(async () => ok(pageOf(people))),
    createUser: fn<UsersScreenProps["createUser"]>(async (values) =>
      ok({ user: { ...people[0]!, email: values.email, name: values.name }, mailed: true }),
    ),
  },
  parameters: {
    path: "/_/users",
    // The whole page, the open "New user" form and the list below it, in one screenshot.
    ...wholePage(1300),
  },
  globals: wholePageGlobals,
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
    await expect(canvas.getByText(fr ? "Paiement attendu" : "Awaiting payment")).toBeVisible();
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
        name: fr ? "Paiement attendu" : "Awaiting payment",
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

/** Opens "New user" and fills it for Camille Leroy, her emails in French. */
async function fillNewUser(canvasElement: HTMLElement, fr: boolean) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByText(fr ? "Nouvel utilisateur" : "New user"));
  const form = within(await canvas.findByRole("form", { name: fr ? "Nouvel utilisateur" : "New user" }));
  await userEvent.type(form.getByLabelText(fr ? "Nom" : "Name"), "Camille Leroy");
  await userEvent.type(form.getByLabelText(fr ? "E-mail" : "Email"), "camille.leroy@example.com");
  await userEvent.click(
    form.getByRole("combobox", { name: fr ? "Langue de ses e-mails" : "Language of their emails" }),
  );
  await userEvent.click(within(document.body).getByRole("option", { name: "Français" }));
  await userEvent.click(form.getByRole("button", { name: fr ? "Créer l’utilisateur" : "Create the user" }));
  return form;
}

/** The operator makes an account: the person gets an email to choose their password. */
export const NewUserCreated: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    await fillNewUser(canvasElement, fr);
    await expect(args.createUser).toHaveBeenCalledWith({
      name: "Camille Leroy",
      email: "camille.leroy@example.com",
      locale: "fr",
      verified: false,
    });
    await expect(
      await within(canvasElement).findByText(
        fr
          ? /^camille\.leroy@example\.com a un compte\s?: un e-mail avec un lien pour choisir son mot de passe est en route\.$/
          : "camille.leroy@example.com has an account: an email with a link to choose their password is on its way.",
      ),
    ).toBeVisible();
  },
};

/** The address is taken: the field says so, and nothing is made. */
export const NewUserEmailTaken: Story = {
  args: {
    createUser: fn<UsersScreenProps["createUser"]>(async () =>
      refused(400, {
        message: "Failed to create record.",
        data: { email: { code: "validation_not_unique", message: "Value must be unique." } },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const form = await fillNewUser(canvasElement, fr);
    const email = form.getByLabelText(fr ? "E-mail" : "Email");
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAttribute("aria-invalid", "true");
  },
};

/** A payment recorded by hand (manual mode), paid until `until`, renewing. */
const manualPayer = (id: string, email: string, until: string): AuthUser => ({
  ...paidUser,
  id,
  email,
  name: "",
  stripe: "",
  created: "2026-08-01 09:14:00.000Z",
  trial_ends: "2026-08-08 09:14:00.000Z",
  expand: {
    ...paidUser.expand,
    subscriptions_via_user: {
      ...paidUser.expand!.subscriptions_via_user!,
      id: `s${id}`,
      user: id,
      customer: "",
      subscription: "",
      current_period_end: until,
    },
  },
});

/**
 * The operator chases the manual payments (the overview's "Due in the next 3 days" and "Overdue"):
 * each row says which, beside the plan's badge, at the fixtures' clock (2026-10-05 12:00 UTC).
 */
export const ManualRenewals: Story = {
  args: {
    loadUsers: fn(async () =>
      ok({
        ...pageOf([
          manualPayer("m1", "due@example.com", "2026-10-07 12:00:00.000Z"),
          manualPayer("m2", "overdue@example.com", "2026-10-02 12:00:00.000Z"),
        ]),
        graceDays: 7,
      }),
    ),
  },
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const row = async (email: string) => within((await canvas.findByText(email)).closest("tr")!);
    await expect(
      (await row("due@example.com")).getByText(fr ? "Renouvellement proche" : "Renewal due"),
    ).toBeVisible();
    await expect((await row("overdue@example.com")).getByText(fr ? "En retard" : "Overdue")).toBeVisible();
    await userEvent.click(
      canvas.getByRole("combobox", { name: fr ? "Renouvellement manuel" : "Manual renewal" }),
    );
    await userEvent.click(
      await within(document.body).findByRole("option", { name: fr ? "En retard" : "Overdue" }),
    );
    await waitFor(() =>
      expect(args.loadUsers).toHaveBeenLastCalledWith(
        expect.objectContaining({ renewal: "overdue", page: 1 }),
      ),
    );
  },
};
