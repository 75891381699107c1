import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { formatDate, formatPrice } from "#shared/format.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { stremioRecord } from "#src/auth/auth-fixtures.ts";
import type { Subscription } from "#shared/billing.ts";
import type { UserHistory } from "../client/notes.ts";
import { billingRefusals, type UserDetails } from "../client/users.ts";
import {
  awaitingSubscription,
  awaitingUser,
  done,
  inDashboard,
  never,
  offline,
  ok,
  refused,
  wholePage,
  wholePageGlobals,
} from "./story-fixtures.tsx";
import { UserScreen, type UserScreenProps } from "./user.tsx";

const awaiting: AuthUser = awaitingUser;
const awaitingPayment: Subscription = awaitingSubscription;

const details: UserDetails = {
  user: awaiting,
  stremio: { id: "s1", username: "cdupont_x7k2@lumen.stream", hasPassword: true },
  subscription: awaitingPayment,
  billingMode: "stripe",
  graceDays: 7,
  stripeMode: "live",
};

const onTrial: UserDetails = {
  ...details,
  user: { ...awaiting, plan: "free", is_monthly: false, price: 0 },
  subscription: null,
};

/** Paying monthly through Stripe. */
const stripeSubscription: Subscription = {
  ...awaitingPayment,
  customer: "cus_R2x9",
  subscription: "sub_1QdR2x9LmN",
  status: "active",
  current_period_end: "2026-12-27 10:05:00.000Z",
};

const paying = (subscription: Partial<Subscription>): UserDetails => ({
  ...details,
  user: { ...awaiting, stripe: "cus_R2x9" },
  subscription: { ...stripeSubscription, ...subscription },
});

const manual: UserDetails = { ...details, billingMode: "manual", stripeMode: null };

/** Manual mode, a month paid by hand until `until`. */
const paidByHand = (until: string): UserDetails => ({
  ...manual,
  subscription: { ...awaitingPayment, status: "active", current_period_end: until },
});

/** Two notes and what superusers changed, newest first. */
const history: UserHistory = {
  notes: [
    {
      id: "n2",
      user: awaitingUser.id,
      text: "Asked by email for an invoice in the company's name; sent on 23 Nov.",
      author: "ops@example.com",
      created: "2026-11-23 16:40:00.000Z",
    },
    {
      id: "n1",
      user: awaitingUser.id,
      text: "Pays by bank transfer (reference LUMEN-4411).",
      author: "root@example.com",
      created: "2026-11-21 09:30:00.000Z",
    },
  ],
  changes: {
    page: 1,
    perPage: 50,
    totalItems: 3,
    totalPages: 1,
    items: [
      {
        id: "c3",
        field: "name",
        old: "Camille D.",
        new: "Camille Dupont",
        author: "ops@example.com",
        created: "2026-11-22 11:02:00.000Z",
      },
      {
        id: "c2",
        field: "password",
        old: "",
        new: "",
        author: "root@example.com",
        created: "2026-11-21 09:31:00.000Z",
      },
      {
        id: "c1",
        field: "verified",
        old: "false",
        new: "true",
        author: "root@example.com",
        created: "2026-11-21 09:30:00.000Z",
      },
    ],
  },
};
const loadManual = () => fn<UserScreenProps["loadUser"]>(async () => ok(manual));

const meta = {
  title: "Dashboard/User",
  component: UserScreen,
  decorators: [inDashboard],
  args: {
    id: awaitingUser.id,
    loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(details)),
    saveUser: fn<UserScreenProps["saveUser"]>(async (_id, values) =>
      ok({ ...awaiting, ...values, updated: "2026-11-25 00:00:00.000Z" }),
    ),
    extendTrial: fn<UserScreenProps["extendTrial"]>(async (_id, day) =>
      ok({ ...onTrial.user, trial_ends: `${day} 23:59:59.999Z`, updated: "2026-11-25 00:00:00.000Z" }),
    ),
    markPaid: fn<UserScreenProps["markPaid"]>(async (_id, day, interval) =>
      ok({
        user: {
          ...awaiting,
          is_monthly: interval === "month",
          price: interval === "month" ? 4.99 : 49.99,
          updated: "2026-11-25 00:00:00.000Z",
        },
        subscription: {
          ...awaitingPayment,
          status: "active",
          interval,
          current_period_end: `${day} 23:59:59.999Z`,
        },
      }),
    ),
    cancelSubscription: fn<UserScreenProps["cancelSubscription"]>(async (_id, when) =>
      ok({
        user: { ...awaiting, stripe: "cus_R2x9" },
        subscription:
          when === "now"
            ? { ...stripeSubscription, status: "canceled", current_period_end: "2026-10-05 12:00:00.000Z" }
            : { ...stripeSubscription, cancel_at_period_end: true },
      }),
    ),
    refundPayment: fn<UserScreenProps["refundPayment"]>(async () =>
      ok({ amount: 4.99, currency: "eur", refundedAt: "2026-10-05 12:00:00.000Z", invoice: "in_1QdR" }),
    ),
    sendVerification: fn(done),
    sendPasswordReset: fn(done),
    deleteUser: fn(done),
    onDeleted: fn(),
    loadHistory: fn<UserScreenProps["loadHistory"]>(async () => ok(history)),
    addNote: fn<UserScreenProps["addNote"]>(async (user, text) =>
      ok({ id: "n3", user, text, author: "root@example.com", created: "2026-11-25 08:00:00.000Z" }),
    ),
    deleteNote: fn(done),
  },
  parameters: {
    path: "/_/user",
    // The whole page, billing forms, notes and changes included, in one screenshot: screenshots
    // only show what fits in the viewport.
    ...wholePage(1900),
  },
  globals: wholePageGlobals,
} satisfies Meta<typeof UserScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The billing section. */
async function billingOf(canvas: Canvas, fr: boolean) {
  return within(await canvas.findByRole("region", { name: fr ? "Facturation" : "Billing" }));
}

/** What the billing summary says for a term (`<dt>`): its `<dd>`. */
function termValue(billing: Canvas, term: string): HTMLElement {
  const dt = billing.getByText(term, { selector: "dt" });
  const dd = dt.nextElementSibling;
  if (!(dd instanceof HTMLElement) || dd.tagName !== "DD") throw new Error(`no value for ${term}`);
  return dd;
}

/** A date as the page writes it, read as the text matchers read the page: spaces made plain. */
const day = (value: string, fr: boolean) => formatDate(value, fr ? "fr" : "en").replace(/\u00a0/g, " ");

/** Text as Testing Library matches it: its no-break spaces (French, prices) as plain spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** The account form's plan, read-only. */
async function planOf(canvas: Canvas, fr: boolean) {
  return within(await canvas.findByRole("group", { name: fr ? "Offre" : "Plan" }));
}

/** The status badge, in the page's heading and in the account form's plan alike. */
async function expectStatusBadges(canvas: Canvas, label: string) {
  const badges = canvas.getAllByText(label, { selector: "[data-slot=badge]" });
  await expect(badges).toHaveLength(2);
  for (const badge of badges) await expect(badge).toBeVisible();
}

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
    await expect(canvasElement).not.toHaveTextContent(stremioRecord.password);
  },
};

/**
 * The operator links the user to a Stripe customer by hand and saves. What the user may do still
 * follows their subscription (the billing section), not this field.
 */
export const SetStripe: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.type(await canvas.findByLabelText(fr ? "Client Stripe" : "Stripe customer"), "cus_N3w");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Enregistrer" : "Save" }));
    await expect(
      await canvas.findByText(fr ? "L’utilisateur est enregistré." : "The user is saved."),
    ).toBeVisible();
    // The plan, the billing period and the price are the server's to derive: never sent.
    await expect(args.saveUser).toHaveBeenCalledWith(awaitingUser.id, {
      name: awaitingUser.name,
      email: awaitingUser.email,
      stripe: "cus_N3w",
      admin: awaitingUser.admin,
      verified: awaitingUser.verified,
    });
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

/**
 * The operators' notes (one edited by another superuser than its author) and what superusers
 * changed; a note added, signed by the server.
 */
export const NotesAndChanges: Story = {
  args: {
    loadHistory: fn<UserScreenProps["loadHistory"]>(async () =>
      ok({
        ...history,
        notes: history.notes.map((note) =>
          note.id === "n2"
            ? { ...note, editor: "root@example.com", updated: "2026-11-24 10:15:00.000Z" }
            : note,
        ),
      }),
    ),
  },
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const notes = within(await canvas.findByRole("region", { name: "Notes" }));
    await expect(await notes.findByText("Pays by bank transfer (reference LUMEN-4411).")).toBeVisible();
    await expect(notes.getByText(fr ? /^Par ops@example\.com, / : /^By ops@example\.com, /)).toBeVisible();
    await expect(
      notes.getByText(fr ? /^Modifiée par root@example\.com, / : /^Edited by root@example\.com, /),
    ).toBeVisible();
    const changes = within(
      canvas.getByRole("region", {
        name: fr ? "Modifications par les superutilisateurs" : "Changes by superusers",
      }),
    );
    // Each change in words, the latest first.
    await expect(
      changes.getAllByRole("row").map((row) => (row as HTMLTableRowElement).cells[0]?.textContent),
    ).toEqual(
      fr
        ? [
            "Modification",
            "Nom changé de Camille D. en Camille Dupont",
            "Mot de passe changé (non affiché)",
            "Adresse e-mail marquée comme vérifiée",
          ]
        : [
            "Change",
            "Name changed from Camille D. to Camille Dupont",
            "Password changed (not shown)",
            "Email address marked as verified",
          ],
    );

    // An empty note is refused before any request.
    await userEvent.click(notes.getByRole("button", { name: fr ? "Ajouter la note" : "Add the note" }));
    await expect(notes.getByLabelText(fr ? "Nouvelle note" : "New note")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(args.addNote).not.toHaveBeenCalled();

    await userEvent.type(notes.getByLabelText(fr ? "Nouvelle note" : "New note"), "Called back.");
    await userEvent.click(notes.getByRole("button", { name: fr ? "Ajouter la note" : "Add the note" }));
    await waitFor(() => expect(args.addNote).toHaveBeenCalledWith(awaitingUser.id, "Called back."));
    // Read again, with the new note; the field is cleared.
    await waitFor(() => expect(args.loadHistory).toHaveBeenCalledTimes(2));
    await expect(notes.getByLabelText(fr ? "Nouvelle note" : "New note")).toHaveValue("");
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

/** On the trial, no subscription: the trial's end, and the date to extend it to. */
export const BillingTrial: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(onTrial)) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    await expect(termValue(billing, fr ? "Fin de l’essai" : "Trial ends")).toHaveTextContent(
      day("2026-11-27", fr),
    );
    await expect(termValue(billing, fr ? "Abonnement" : "Subscription")).toHaveTextContent(
      fr ? "Aucun abonnement" : "No subscription",
    );
    await expect(
      billing.getByLabelText(fr ? "Prolonger l’essai jusqu’au" : "Extend the trial to"),
    ).toHaveValue("2026-11-27");
    await expect(
      billing.getByRole("button", { name: fr ? "Prolonger l’essai" : "Extend the trial" }),
    ).toBeVisible();
    // Stripe takes the payments: nothing is recorded by hand.
    await expect(
      billing.queryByRole("button", { name: fr ? "Marquer comme payé" : "Mark as paid" }),
    ).toBeNull();
    await expect(billing.queryByRole("link")).toBeNull();
    const plan = await planOf(within(canvasElement), fr);
    await expect(plan.getByText(fr ? "Essai gratuit" : "Free trial")).toBeVisible();
    await expectStatusBadges(within(canvasElement), fr ? "Essai" : "Trial");
  },
};

/** Paying monthly through Stripe: the renewal day, and the customer in Stripe's dashboard. */
export const StripeActive: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paying({}))) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const billing = await billingOf(canvas, fr);
    await expect(termValue(billing, fr ? "Abonnement" : "Subscription")).toHaveTextContent(
      fr ? "Actif" : "Active",
    );
    await expect(termValue(billing, fr ? "Période de facturation" : "Billing period")).toHaveTextContent(
      fr ? "Mensuelle" : "Monthly",
    );
    await expect(termValue(billing, fr ? "Se renouvelle le" : "Renews on")).toHaveTextContent(
      day("2026-12-27", fr),
    );
    const link = billing.getByRole("link", {
      name: fr ? "Ouvrir cus_R2x9 dans Stripe" : "Open cus_R2x9 in Stripe",
    });
    // The server's key is a live key: Stripe's live dashboard.
    await expect(link).toHaveAttribute("href", "https://dashboard.stripe.com/customers/cus_R2x9");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noreferrer");
    await expectStatusBadges(canvas, fr ? "Payant" : "Paid");
    const price = formatPrice(4.99, fr ? "fr" : "en");
    await expect(
      (await planOf(canvas, fr)).getByText(
        flat(fr ? `Offre payante, ${price} TTC par mois` : `Paid plan, ${price} incl. VAT per month`),
      ),
    ).toBeVisible();
  },
};

/** Cancelled in the Billing Portal: access until the period's end, then no renewal. */
export const Cancelling: Story = {
  args: {
    loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paying({ cancel_at_period_end: true }))),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const status = termValue(billing, fr ? "Abonnement" : "Subscription");
    await expect(status).toHaveTextContent(fr ? "Actif" : "Active");
    await expect(status).toHaveTextContent(
      fr ? "Résiliation en fin de période" : "Cancels at the period’s end",
    );
    await expect(termValue(billing, fr ? "Se termine le" : "Ends on")).toHaveTextContent(
      day("2026-12-27", fr),
    );
    await expect(billing.queryByText(fr ? "Se renouvelle le" : "Renews on")).toBeNull();
    await expectStatusBadges(within(canvasElement), fr ? "Fin prévue" : "Ending");
  },
};

/** A renewal failed: Stripe retries, access goes on meanwhile. */
export const PastDue: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paying({ status: "past_due" }))) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    await expect(termValue(billing, fr ? "Abonnement" : "Subscription")).toHaveTextContent(
      fr ? "Paiement en retard" : "Past due",
    );
    await expect(billing.getByRole("link", { name: /cus_R2x9/ })).toBeVisible();
    await expectStatusBadges(within(canvasElement), fr ? "Paiement échoué" : "Payment failed");
    // Whether the person streams now, and why: the grace of a failed renewal.
    await expect(canvasElement.querySelector('[data-slot="streams-now"]')).toHaveTextContent(
      fr ? /^Oui : le renouvellement du .* a échoué/ : /^Yes: the renewal of .* failed; access until /,
    );
  },
};

/** Manual mode, the paid plan chosen and not paid yet: the form that records the payment. */
export const ManualAwaitingPayment: Story = {
  args: { loadUser: loadManual() },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    await expect(termValue(billing, fr ? "Abonnement" : "Subscription")).toHaveTextContent(
      fr ? "Paiement attendu" : "Awaiting payment",
    );
    // Nothing paid yet: a month from today (the stories' clock: 5 October 2026).
    await expect(
      billing.getByLabelText(fr ? "Marquer comme payé jusqu’au" : "Mark as paid until"),
    ).toHaveValue("2026-11-05");
    const group = billing.getByRole("radiogroup", { name: fr ? "Période payée" : "Period paid" });
    const monthly = formatPrice(4.99, fr ? "fr" : "en");
    await expect(
      within(group).getByRole("radio", { name: fr ? `Un mois (${monthly})` : `A month (${monthly})` }),
    ).toBeChecked();
    await expect(
      billing.getByRole("button", { name: fr ? "Marquer comme payé" : "Mark as paid" }),
    ).toBeVisible();
  },
};

/** The money arrived: the operator records a year paid; the section shows the subscription active. */
export const MarkedPaid: Story = {
  args: { loadUser: loadManual() },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const billing = await billingOf(canvas, fr);
    const until = billing.getByLabelText(fr ? "Marquer comme payé jusqu’au" : "Mark as paid until");
    await userEvent.clear(until);
    await userEvent.type(until, "2027-11-30");
    const yearly = formatPrice(49.99, fr ? "fr" : "en");
    await userEvent.click(
      billing.getByRole("radio", { name: fr ? `Un an (${yearly})` : `A year (${yearly})` }),
    );
    await userEvent.click(billing.getByRole("button", { name: fr ? "Marquer comme payé" : "Mark as paid" }));
    await expect(args.markPaid).toHaveBeenCalledWith(awaitingUser.id, "2027-11-30", "year");
    const date = day("2027-11-30", fr);
    await expect(
      await billing.findByText(
        fr
          ? `Marqué comme payé jusqu’au ${date}. L’utilisateur a accès et reçoit un reçu par e-mail.`
          : `Marked as paid until ${date}. The user has access and gets a receipt by email.`,
      ),
    ).toBeVisible();
    await expect(termValue(billing, fr ? "Abonnement" : "Subscription")).toHaveTextContent(
      fr ? "Actif" : "Active",
    );
    await expect(termValue(billing, fr ? "Période de facturation" : "Billing period")).toHaveTextContent(
      fr ? "Annuelle" : "Yearly",
    );
    await expect(termValue(billing, fr ? "Payé jusqu’au" : "Paid until")).toHaveTextContent(date);
    // The account form's plan follows the payment recorded.
    await expect(
      (await planOf(canvas, fr)).getByText(
        flat(fr ? `Offre payante, ${yearly} TTC par an` : `Paid plan, ${yearly} incl. VAT per year`),
      ),
    ).toBeVisible();
    await expectStatusBadges(canvas, fr ? "Payant" : "Paid");
  },
};

/** A paid-until day that is not ahead: the server refuses it, the field says why. */
export const MarkPaidDateRefused: Story = {
  args: {
    loadUser: loadManual(),
    markPaid: fn<UserScreenProps["markPaid"]>(async () =>
      refused(400, {
        message: "An error occurred while validating the submitted data.",
        data: {
          until: {
            code: "validation_min_date_constraint",
            message: "Must be no less than 2026-11-25 09:00:00.000Z.",
            params: { min: "2026-11-25 09:00:00.000Z" },
          },
        },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const until = billing.getByLabelText(fr ? "Marquer comme payé jusqu’au" : "Mark as paid until");
    await userEvent.clear(until);
    await userEvent.type(until, "2026-11-01");
    await userEvent.click(billing.getByRole("button", { name: fr ? "Marquer comme payé" : "Mark as paid" }));
    await waitFor(() => expect(until).toHaveAttribute("aria-invalid", "true"));
    await expect(until).toHaveAccessibleDescription(
      fr ? "Choisissez aujourd’hui ou un jour suivant." : "Choose today or a later day.",
    );
    await waitFor(() => expect(until).toHaveFocus());
    await expect(termValue(billing, fr ? "Abonnement" : "Subscription")).toHaveTextContent(
      fr ? "Paiement attendu" : "Awaiting payment",
    );
  },
};

/** The operator gives a trial more days: the section shows the new end at once. */
export const TrialExtended: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(onTrial)) },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const input = billing.getByLabelText(fr ? "Prolonger l’essai jusqu’au" : "Extend the trial to");
    await userEvent.clear(input);
    await userEvent.type(input, "2026-12-15");
    await userEvent.click(
      billing.getByRole("button", { name: fr ? "Prolonger l’essai" : "Extend the trial" }),
    );
    await expect(args.extendTrial).toHaveBeenCalledWith(awaitingUser.id, "2026-12-15");
    const date = day("2026-12-15", fr);
    await expect(
      await billing.findByText(
        fr ? `L’essai se termine désormais le ${date}.` : `The trial now ends on ${date}.`,
      ),
    ).toBeVisible();
    await expect(termValue(billing, fr ? "Fin de l’essai" : "Trial ends")).toHaveTextContent(date);
  },
};

/** The server could not be reached: the trial is unchanged and the form says so. */
export const TrialExtendFailed: Story = {
  args: {
    loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(onTrial)),
    extendTrial: fn<UserScreenProps["extendTrial"]>(offline),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const input = billing.getByLabelText(fr ? "Prolonger l’essai jusqu’au" : "Extend the trial to");
    await userEvent.clear(input);
    await userEvent.type(input, "2026-12-15");
    await userEvent.click(
      billing.getByRole("button", { name: fr ? "Prolonger l’essai" : "Extend the trial" }),
    );
    await expect(await billing.findByRole("alert")).toHaveTextContent(
      fr
        ? "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez."
        : "Cannot reach the server. Check your connection and try again.",
    );
    await expect(termValue(billing, fr ? "Fin de l’essai" : "Trial ends")).toHaveTextContent(
      day("2026-11-27", fr),
    );
  },
};

/**
 * The plan is not edited here: the server derives it from the trial and the payments. The form
 * shows it as the billing says, and saving sends none of it.
 */
export const PlanReadOnly: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const plan = await planOf(canvas, fr);
    const monthly = formatPrice(4.99, fr ? "fr" : "en");
    await expect(
      plan.getByText(
        flat(fr ? `Offre payante, ${monthly} TTC par mois` : `Paid plan, ${monthly} incl. VAT per month`),
      ),
    ).toBeVisible();
    await expect(
      plan.getByText(fr ? "Paiement attendu" : "Awaiting payment", {
        selector: "[data-slot=badge]",
      }),
    ).toBeVisible();
    await expect(
      plan.getByText(
        flat(
          fr
            ? "L’offre suit l’essai et les paiements\u202f: enregistrez un paiement ou prolongez l’essai ci-dessous."
            : "The plan follows the trial and the payments: record a payment or extend the trial below.",
        ),
      ),
    ).toBeVisible();
    const form = within(canvas.getByRole("form", { name: fr ? "Modifier l’utilisateur" : "Edit the user" }));
    await expect(form.queryByRole("combobox")).toBeNull();
    await expect(form.queryByLabelText(fr ? "Prix" : "Price")).toBeNull();
    await expect(form.queryByRole("switch", { name: fr ? "Facturé au mois" : "Billed monthly" })).toBeNull();
    await userEvent.click(form.getByRole("button", { name: fr ? "Enregistrer" : "Save" }));
    await expect(
      await canvas.findByText(fr ? "L’utilisateur est enregistré." : "The user is saved."),
    ).toBeVisible();
    // Nothing of the plan is sent: the server would replace it anyway.
    await expect(args.saveUser).toHaveBeenCalledWith(awaitingUser.id, {
      name: awaitingUser.name,
      email: awaitingUser.email,
      stripe: awaitingUser.stripe,
      admin: awaitingUser.admin,
      verified: awaitingUser.verified,
    });
  },
};

/** The confirmation dialog of an action of the billing section, opened by its button. */
async function openDialog(billing: Canvas, button: string) {
  await userEvent.click(billing.getByRole("button", { name: button }));
  return within(await within(document.body).findByRole("alertdialog"));
}

/** The server's Stripe key is a test key: the customer opens in Stripe's test dashboard. */
export const StripeTestMode: Story = {
  args: {
    loadUser: fn<UserScreenProps["loadUser"]>(async () => ok({ ...paying({}), stripeMode: "test" })),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    await expect(billing.getByRole("link", { name: /cus_R2x9/ })).toHaveAttribute(
      "href",
      "https://dashboard.stripe.com/test/customers/cus_R2x9",
    );
  },
};

/** "Cancel at the period's end", confirmed: the subscription ends on its renewal day. */
export const CancelAtPeriodEnd: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paying({}))) },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const label = fr ? "Résilier en fin de période" : "Cancel at the period’s end";
    const dialog = await openDialog(billing, label);
    const date = day("2026-12-27", fr);
    await expect(dialog.getByRole("heading")).toHaveTextContent(
      fr ? "Résilier en fin de période ?" : "Cancel at the period’s end?",
    );
    await expect(dialog.getByText(new RegExp(flat(date)))).toBeVisible();
    await userEvent.click(dialog.getByRole("button", { name: label }));
    await expect(args.cancelSubscription).toHaveBeenCalledWith(awaitingUser.id, "period_end");
    await expect(
      await billing.findByText(
        flat(
          fr
            ? `L’abonnement prend fin le ${date}\u202f: l’utilisateur garde l’accès jusque-là et reçoit un e-mail qui le dit.`
            : `The subscription ends on ${date}: the user keeps access until then and gets an email saying so.`,
        ),
      ),
    ).toBeVisible();
    await expect(termValue(billing, fr ? "Abonnement" : "Subscription")).toHaveTextContent(
      fr ? "Résiliation en fin de période" : "Cancels at the period’s end",
    );
    await expect(billing.queryByRole("button", { name: label })).toBeNull();
  },
};

/** "Cancel now", asked: the dialog says access ends at once and nothing is refunded by it. */
export const CancelNowDialog: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paying({}))) },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const dialog = await openDialog(billing, fr ? "Résilier maintenant" : "Cancel now");
    await expect(dialog.getByRole("heading")).toHaveTextContent(fr ? "Résilier maintenant ?" : "Cancel now?");
    await expect(dialog.getByText(fr ? /perd l’accès immédiatement/ : /loses access at once/)).toBeVisible();
    await expect(args.cancelSubscription).not.toHaveBeenCalled();
  },
};

/** "Cancel now", confirmed: the subscription is canceled and the page says access has ended. */
export const CanceledNow: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paying({}))) },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const billing = await billingOf(canvas, fr);
    const label = fr ? "Résilier maintenant" : "Cancel now";
    const dialog = await openDialog(billing, label);
    await userEvent.click(dialog.getByRole("button", { name: label }));
    await expect(args.cancelSubscription).toHaveBeenCalledWith(awaitingUser.id, "now");
    await expect(
      await billing.findByText(
        flat(
          fr
            ? "L’abonnement est résilié\u202f: l’accès a pris fin, et l’utilisateur reçoit un e-mail qui le dit."
            : "The subscription is canceled: access has ended, and the user gets an email saying so.",
        ),
      ),
    ).toBeVisible();
    await expect(termValue(billing, fr ? "Abonnement" : "Subscription")).toHaveTextContent(
      fr ? "Résilié" : "Canceled",
    );
    // Nothing runs any more: only the refund is left.
    await expect(billing.queryByRole("button", { name: label })).toBeNull();
    await expect(
      billing.getByRole("button", {
        name: fr ? "Rembourser le dernier paiement" : "Refund the last payment",
      }),
    ).toBeVisible();
  },
};

/** "Refund the last payment", asked: the dialog states the amount and that access does not change. */
export const RefundDialog: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paying({}))) },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const amount = formatPrice(4.99, fr ? "fr" : "en");
    const dialog = await openDialog(
      billing,
      fr ? "Rembourser le dernier paiement" : "Refund the last payment",
    );
    await expect(dialog.getByRole("heading")).toHaveTextContent(
      flat(fr ? `Rembourser ${amount} ?` : `Refund ${amount}?`),
    );
    await expect(dialog.getByText(fr ? /L’accès ne change pas/ : /Access does not change/)).toBeVisible();
    await expect(args.refundPayment).not.toHaveBeenCalled();
  },
};

/** The refund confirmed: the page says how much went back. */
export const Refunded: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paying({}))) },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const amount = formatPrice(4.99, fr ? "fr" : "en");
    const dialog = await openDialog(
      billing,
      fr ? "Rembourser le dernier paiement" : "Refund the last payment",
    );
    await userEvent.click(
      dialog.getByRole("button", { name: fr ? `Rembourser ${amount}` : `Refund ${amount}` }),
    );
    await expect(args.refundPayment).toHaveBeenCalledWith(awaitingUser.id);
    await expect(
      await billing.findByText(
        flat(
          fr
            ? `${amount} remboursés. L’utilisateur reçoit un e-mail qui le dit.`
            : `Refunded ${amount}. The user gets an email saying so.`,
        ),
      ),
    ).toBeVisible();
    await expect(termValue(billing, fr ? "Abonnement" : "Subscription")).toHaveTextContent(
      fr ? "Actif" : "Active",
    );
  },
};

/** The payment was already refunded: Stripe refuses, the section says so. */
export const RefundRefused: Story = {
  args: {
    loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paying({}))),
    refundPayment: fn<UserScreenProps["refundPayment"]>(async () => ({
      success: false,
      error: {
        message: billingRefusals["This payment is already refunded."]!,
        fieldErrors: {},
        status: 400,
        aborted: false,
      },
    })),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const amount = formatPrice(4.99, fr ? "fr" : "en");
    const dialog = await openDialog(
      billing,
      fr ? "Rembourser le dernier paiement" : "Refund the last payment",
    );
    await userEvent.click(
      dialog.getByRole("button", { name: fr ? `Rembourser ${amount}` : `Refund ${amount}` }),
    );
    await expect(await billing.findByRole("alert")).toHaveTextContent(
      fr ? "Ce paiement est déjà remboursé." : "This payment is already refunded.",
    );
  },
};

/** Manual mode, a month paid by hand: it can be canceled here; its refund is made outside the site. */
export const ManualPaid: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paidByHand("2026-10-20 23:59:59.999Z"))) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    await expect(
      billing.getByRole("button", { name: fr ? "Résilier en fin de période" : "Cancel at the period’s end" }),
    ).toBeVisible();
    await expect(
      billing.getByRole("button", { name: fr ? "Résilier maintenant" : "Cancel now" }),
    ).toBeVisible();
    await expect(
      billing.queryByRole("button", {
        name: fr ? "Rembourser le dernier paiement" : "Refund the last payment",
      }),
    ).toBeNull();
  },
};

/**
 * "Mark as paid until" starts at the next period's end, from the paid-until still ahead (20
 * October: a month more is 20 November, a year more 20 October 2027), following the period chosen
 * until the operator writes a day of their own.
 */
export const MarkPaidPrefilled: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(paidByHand("2026-10-20 23:59:59.999Z"))) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const until = billing.getByLabelText(fr ? "Marquer comme payé jusqu’au" : "Mark as paid until");
    await expect(until).toHaveValue("2026-11-20");
    const yearly = formatPrice(49.99, fr ? "fr" : "en");
    const monthly = formatPrice(4.99, fr ? "fr" : "en");
    const year = billing.getByRole("radio", { name: fr ? `Un an (${yearly})` : `A year (${yearly})` });
    const month = billing.getByRole("radio", { name: fr ? `Un mois (${monthly})` : `A month (${monthly})` });
    await userEvent.click(year);
    await expect(until).toHaveValue("2027-10-20");
    await userEvent.click(month);
    await expect(until).toHaveValue("2026-11-20");
    await userEvent.clear(until);
    await userEvent.type(until, "2026-12-01");
    await userEvent.click(year);
    await expect(until).toHaveValue("2026-12-01");
  },
};

/** A trial's end before today is refused by the form itself: nothing is sent. */
export const TrialPastDayRefused: Story = {
  args: { loadUser: fn<UserScreenProps["loadUser"]>(async () => ok(onTrial)) },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const input = billing.getByLabelText(fr ? "Prolonger l’essai jusqu’au" : "Extend the trial to");
    await userEvent.clear(input);
    await userEvent.type(input, "2026-10-04");
    await userEvent.click(
      billing.getByRole("button", { name: fr ? "Prolonger l’essai" : "Extend the trial" }),
    );
    await waitFor(() => expect(input).toHaveAttribute("aria-invalid", "true"));
    await expect(input).toHaveAccessibleDescription(
      fr
        ? "Choisissez aujourd’hui ou un jour suivant\u202f: un essai ne peut pas se terminer dans le passé."
        : "Choose today or a later day: a trial cannot end in the past.",
    );
    await expect(args.extendTrial).not.toHaveBeenCalled();
  },
};

/** Manual mode: the customer withdrew within 14 days; the refund is owed until the operator records it made. */
export const WithdrawalRefundOwed: Story = {
  args: {
    loadUser: fn<UserScreenProps["loadUser"]>(async () =>
      ok({
        ...paidByHand("2026-10-05 11:41:27.000Z"),
        subscription: {
          ...awaitingPayment,
          status: "canceled",
          current_period_end: "2026-10-05 11:41:27.000Z",
        },
        withdrawal: {
          withdrawnAt: "2026-10-05 11:41:27.000Z",
          refund: 4.99,
          refundState: "owed",
          refundedAt: "",
          interval: "month",
          startedAt: "2026-10-01 14:03:12.000Z",
        },
      }),
    ),
    markRefundMade: fn<NonNullable<UserScreenProps["markRefundMade"]>>(async () =>
      ok({ amount: 4.99, currency: "eur", refundedAt: "2026-10-05 12:00:00.000Z" }),
    ),
  },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const billing = await billingOf(within(canvasElement), fr);
    const action = fr ? "Marquer le remboursement comme effectué" : "Mark the refund as made";
    const dialog = await openDialog(billing, action);
    await userEvent.click(dialog.getByRole("button", { name: action }));
    await expect(args.markRefundMade).toHaveBeenCalledWith(awaitingUser.id);
    await expect(await billing.findByText(fr ? /Enregistré/ : /Recorded/)).toBeVisible();
  },
};
