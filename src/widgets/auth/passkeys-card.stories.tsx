import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "#src/forms/action-result.ts";
import { laptopPasskey, phonePasskey } from "#src/auth/auth-fixtures.ts";
import { ceremonyFailure } from "#src/auth/passkeys.ts";
import { identityStep, refused } from "#src/auth/story-actions.ts";
import { PasskeysCard } from "./passkeys-card.tsx";
import { accountFormStory } from "./story-decorators.tsx";
import docs from "./passkeys-card.docs.md?raw";

const meta = {
  title: "Auth/PasskeysCard",
  component: PasskeysCard,
  args: {
    supported: true,
    actions: {
      list: fn(async () => ok([phonePasskey])),
      add: fn(async () => ok(laptopPasskey)),
      remove: fn(async () => ok(undefined)),
    },
    identity: { confirm: fn(async () => ok(undefined)), twoFactorOn: fn(async () => false) },
  },
  ...accountFormStory,
  tags: ["autodocs"],
  argTypes: { headingLevel: { control: "inline-radio", options: [1, 2, 3] } },
  parameters: { ...accountFormStory.parameters, docs: { description: { component: docs } } },
} satisfies Meta<typeof PasskeysCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const cancelledCeremony = Object.assign(new Error("The operation either timed out or was not allowed."), {
  name: "NotAllowedError",
});

/** One passkey, used since: its name and both dates in the page's language. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const item = await canvas.findByRole("listitem");
    await expect(item).toHaveTextContent("Safari on iPhone");
    await expect(item).toHaveTextContent(
      fr
        ? "Ajoutée le 14 sept. 2026, utilisée le 20 nov. 2026"
        : "Added Sep 14, 2026, last used Nov 20, 2026",
    );
  },
};

/** "Add a passkey": the new one joins the list, and the card says what to do next. */
export const Added: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await canvas.findByRole("listitem");
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    );
    await expect(args.actions.add).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.getAllByRole("listitem")).toHaveLength(2));
    await expect(canvas.getByRole("status")).toHaveTextContent(
      fr ? /Clé d’accès ajoutée\s: Chrome on Linux\./ : "Passkey added: Chrome on Linux.",
    );
  },
};

/** The visitor closed the browser's prompt: the card says so, and nothing was added. */
export const Cancelled: Story = {
  args: {
    actions: {
      ...meta.args.actions,
      add: fn(async () => ceremonyFailure(cancelledCeremony, { id: "story.unused" })),
    },
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await canvas.findByRole("listitem");
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    );
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "La demande de clé d’accès a été annulée ou a expiré."
        : "The passkey request was cancelled or timed out.",
    );
    await expect(canvas.getAllByRole("listitem")).toHaveLength(1);
  },
};

/** Remove, after the confirmation: the passkey leaves the list. */
export const Removed: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await canvas.findByRole("listitem");
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Supprimer la clé d’accès Safari on iPhone" : "Remove the passkey Safari on iPhone",
      }),
    );
    const dialog = await within(document.body).findByRole("alertdialog");
    await userEvent.click(
      within(dialog).getByRole("button", { name: fr ? "Supprimer la clé d’accès" : "Remove the passkey" }),
    );
    await waitFor(() => expect(args.actions.remove).toHaveBeenCalledWith(phonePasskey.id));
    await waitFor(() => expect(canvas.queryByRole("listitem")).toBeNull());
    await expect(
      canvas.getByText(fr ? "Vous n’avez pas encore de clé d’accès." : "You have no passkey yet."),
    ).toBeVisible();
  },
};

/** No passkey yet. */
export const Empty: Story = {
  args: { actions: { ...meta.args.actions, list: fn(async () => ok([])) } },
};

/** While the list loads. */
export const Loading: Story = {
  args: { actions: { ...meta.args.actions, list: fn(() => new Promise<never>(() => {})) } },
};

/** The list could not load: the card says so and offers to try again. */
export const LoadFailed: Story = {
  args: { actions: { ...meta.args.actions, list: fn(async () => refused(0)) } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert")).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: globals.locale === "fr" ? "Réessayer" : "Try again" }),
    ).toBeVisible();
  },
};

/** A browser that cannot make passkeys: no button, and the password still works. */
export const Unsupported: Story = {
  args: { supported: false },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await canvas.findByRole("listitem");
    await expect(
      canvas.queryByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    ).toBeNull();
    await expect(
      canvas.getByText(
        fr ? /Ce navigateur ne peut pas créer de clé d’accès/ : /This browser cannot make passkeys/,
      ),
    ).toBeVisible();
  },
};

/** An address not confirmed yet: no button, but why, and where to confirm it; the list stays. */
export const Unverified: Story = {
  args: { unverified: true },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await canvas.findByRole("listitem");
    await expect(
      canvas.queryByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    ).toBeNull();
    await expect(
      canvas.getByText(
        fr
          ? /Pour ajouter une clé d’accès, confirmez d’abord votre adresse e-mail/
          : /To add a passkey, first confirm your email address/,
      ),
    ).toBeVisible();
  },
};

const addButton = (fr: boolean) => ({ name: fr ? "Ajouter une clé d’accès" : "Add a passkey" });

/** Opens "Confirm it's you" the way a visitor meets it: "Add a passkey", refused for want of a proof. */
async function askedToConfirm(canvasElement: HTMLElement, fr: boolean) {
  const canvas = within(canvasElement);
  await canvas.findByRole("listitem");
  await userEvent.click(canvas.getByRole("button", addButton(fr)));
  const dialog = await within(document.body).findByRole("dialog");
  await expect(dialog).toHaveAccessibleName(fr ? "Confirmez que c’est vous" : "Confirm it’s you");
  return within(dialog);
}

const asked = identityStep();

/**
 * "Add a passkey" from a session that has not confirmed it is them lately: "Confirm it's you"
 * asks for the current password before anything is added.
 */
export const ConfirmItsYou: Story = {
  args: {
    identity: asked.identity,
    actions: { ...meta.args.actions, add: asked.untilConfirmed(laptopPasskey) },
  },
  beforeEach: asked.reset,
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const dialog = await askedToConfirm(canvasElement, fr);
    await expect(dialog.getByLabelText(fr ? "Mot de passe actuel" : "Current password")).toBeVisible();
    await expect(args.actions.add).toHaveBeenCalledTimes(1);
    // Behind the dialog (hidden from assistive technology while it is open), nothing was added.
    await expect(within(canvasElement).getAllByRole("listitem", { hidden: true })).toHaveLength(1);
  },
};

const confirmed = identityStep();

/** Then the password: the dialog closes and the passkey is added, as was asked. */
export const ConfirmedThenAdded: Story = {
  args: {
    identity: confirmed.identity,
    actions: { ...meta.args.actions, add: confirmed.untilConfirmed(laptopPasskey) },
  },
  beforeEach: confirmed.reset,
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const dialog = await askedToConfirm(canvasElement, fr);
    await userEvent.type(
      dialog.getByLabelText(fr ? "Mot de passe actuel" : "Current password"),
      "my password{Enter}",
    );
    await waitFor(() => expect(within(canvasElement).getAllByRole("listitem")).toHaveLength(2));
    await expect(args.identity.confirm).toHaveBeenCalledWith({ password: "my password" });
    await expect(args.actions.add).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
  },
};

const wrongPassword = identityStep({
  confirmAnswer: refused(400, {
    message: "An error occurred while validating the submitted data.",
    data: {
      password: { code: "validation_invalid_password", message: "Missing or invalid auth record password." },
    },
  }),
});

/** A wrong password: said on the field, the dialog stays open, and nothing is added. */
export const ConfirmItsYouRefused: Story = {
  args: {
    identity: wrongPassword.identity,
    actions: { ...meta.args.actions, add: wrongPassword.untilConfirmed(laptopPasskey) },
  },
  beforeEach: wrongPassword.reset,
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const dialog = await askedToConfirm(canvasElement, fr);
    const field = dialog.getByLabelText(fr ? "Mot de passe actuel" : "Current password");
    await userEvent.type(field, "not my password{Enter}");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    await expect(field).toHaveAccessibleDescription(
      fr ? "Votre mot de passe est incorrect." : "Your password is incorrect.",
    );
    await expect(args.actions.add).toHaveBeenCalledTimes(1);
  },
};

const withCode = identityStep({ twoFactorOn: true });

/** With two-factor sign-in on, a code from the authenticator app may confirm it instead. */
export const ConfirmWithCode: Story = {
  args: {
    identity: withCode.identity,
    actions: { ...meta.args.actions, add: withCode.untilConfirmed(laptopPasskey) },
  },
  beforeEach: withCode.reset,
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const dialog = await askedToConfirm(canvasElement, fr);
    await userEvent.click(
      await dialog.findByRole("button", {
        name: fr
          ? "Utiliser plutôt un code de votre application d’authentification"
          : "Use a code from your authenticator app instead",
      }),
    );
    await userEvent.type(
      dialog.getByLabelText(fr ? "Code de l’application" : "Code from the app"),
      "123 456",
    );
    await expect(args.identity.confirm).not.toHaveBeenCalled();
  },
};
