import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { awaitingUser, done, inDashboard, never, offline, ok, refused } from "./story-fixtures.tsx";
import { UserScreen, type UserScreenProps } from "./user.tsx";

const details = {
  user: awaitingUser,
  stremio: { id: "s1", username: "cdupont_x7k2@lumen.stream", hasPassword: true },
};

const meta = {
  title: "Dashboard/User",
  component: UserScreen,
  decorators: [inDashboard],
  args: {
    id: awaitingUser.id,
    loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(details)),
    saveUser: fn<UserScreenProps["saveUser"]>(async (_id, values) =>
      ok({ ...awaitingUser, ...values, updated: "2026-11-25 00:00:00.000Z" }),
    ),
    sendVerification: fn(done),
    sendPasswordReset: fn(done),
    deleteUser: fn(done),
    onDeleted: fn(),
  },
  parameters: { path: "/_/user" },
} satisfies Meta<typeof UserScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The fields as the record has them; the Stremio record shows its username, never its password. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      await canvas.findByRole("heading", { level: 1, name: "c.dupont@example.com" }),
    ).toBeVisible();
    await expect(canvas.getByLabelText(fr ? "Nom" : "Name")).toHaveValue("Camille Dupont");
    await expect(canvas.getByLabelText(fr ? "Client Stripe" : "Stripe customer")).toHaveValue("");
    await expect(canvas.getByText("cdupont_x7k2@lumen.stream")).toBeVisible();
    await expect(canvas.getByText(fr ? "Défini (non affiché)" : "Set (not shown)")).toBeVisible();
    await expect(canvasElement).not.toHaveTextContent(awaitingUser.stremio_password);
  },
};

/** Payment arrived: the operator fills `stripe` and saves. */
export const SetStripe: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.type(await canvas.findByLabelText(fr ? "Client Stripe" : "Stripe customer"), "cus_N3w");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Enregistrer" : "Save" }));
    await expect(
      await canvas.findByText(fr ? "L’utilisateur est enregistré." : "The user is saved."),
    ).toBeVisible();
    await expect(args.saveUser).toHaveBeenCalledWith(
      awaitingUser.id,
      expect.objectContaining({ stripe: "cus_N3w", plan: "paid", price: 4.99 }),
    );
    await expect(
      await canvas.findByText(fr ? "Payant" : "Paid", { selector: "[data-slot=badge]" }),
    ).toBeVisible();
  },
};

/** PocketBase's field errors, worded by the site. */
export const FieldErrors: Story = {
  args: {
    saveUser: fn<UserScreenProps["saveUser"]>(async () =>
      refused(400, {
        message: "Failed to update record.",
        data: {
          email: { code: "validation_not_unique", message: "Value must be unique." },
          price: { code: "validation_min_number_constraint", message: "Must be larger than 0." },
        },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(await canvas.findByRole("button", { name: fr ? "Enregistrer" : "Save" }));
    await expect(
      await canvas.findByText(
        fr
          ? "Un compte existe déjà avec cette adresse e-mail."
          : "An account already exists with this email address.",
      ),
    ).toBeVisible();
    const email = canvas.getByLabelText(fr ? "E-mail" : "Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    // Focus goes to the first field to fix.
    await waitFor(() => expect(email).toHaveFocus());
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr ? "Certains champs demandent votre attention." : "Some fields need your attention.",
    );
  },
};

export const ConfirmDelete: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(
      await canvas.findByRole("button", { name: fr ? "Supprimer cet utilisateur" : "Delete this user" }),
    );
    const dialog = await within(document.body).findByRole("alertdialog");
    await expect(dialog).toHaveTextContent(
      fr ? "Supprimer c.dupont@example.com ?" : "Delete c.dupont@example.com?",
    );
    await expect(args.deleteUser).not.toHaveBeenCalled();
  },
};

export const MailSent: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(
      await canvas.findByRole("button", {
        name: fr ? "Envoyer un e-mail de réinitialisation" : "Send a password-reset email",
      }),
    );
    await expect(
      await canvas.findByText(
        fr ? "L’e-mail de réinitialisation est parti." : "The password-reset email is on its way.",
      ),
    ).toBeVisible();
    await waitFor(() => expect(args.sendPasswordReset).toHaveBeenCalledWith("c.dupont@example.com"));
  },
};

export const NoStremioRecord: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok({ ...details, stremio: null })) },
  play: async ({ canvasElement, globals }) => {
    await expect(
      await within(canvasElement).findByText(
        globals.locale === "fr"
          ? "Cet utilisateur n’a pas d’enregistrement Stremio."
          : "This user has no Stremio record.",
      ),
    ).toBeVisible();
  },
};

export const Loading: Story = { args: { loadUser: fn<UserScreenProps["loadUser"]>(never) } };

export const LoadFailed: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(offline) },
  play: async ({ canvasElement, globals }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      globals.locale === "fr" ? /Impossible de joindre le serveur/ : /Cannot reach the server/,
    );
  },
};
