import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "#src/forms/action-result.ts";
import { recoveryCodes, twoFactorOff, twoFactorOn, twoFactorSetup } from "#src/auth/auth-fixtures.ts";
import { identityStep, refused } from "#src/auth/story-actions.ts";
import { invalidTotpCode } from "#shared/two-factor.ts";
import { TwoFactorCard } from "./two-factor-card.tsx";
import { accountFormStory } from "./story-decorators.tsx";
import docs from "./two-factor-card.docs.md?raw";

const meta = {
  title: "Auth/TwoFactorCard",
  component: TwoFactorCard,
  args: {
    email: "camille.martin@example.com",
    actions: {
      load: fn(async () => ok(twoFactorOff)),
      setup: fn(async () => ok(twoFactorSetup)),
      confirm: fn(async () => ok(recoveryCodes)),
      turnOff: fn(async () => ok(undefined)),
      newRecoveryCodes: fn(async () => ok(recoveryCodes)),
    },
    identity: { confirm: fn(async () => ok(undefined)), twoFactorOn: fn(async () => false) },
  },
  ...accountFormStory,
  tags: ["autodocs"],
  argTypes: { headingLevel: { control: "inline-radio", options: [1, 2, 3] } },
  parameters: { ...accountFormStory.parameters, docs: { description: { component: docs } } },
} satisfies Meta<typeof TwoFactorCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const wrongCode = refused(400, {
  message: "Failed to turn on two-factor sign-in.",
  data: { code: { code: invalidTotpCode, message: "Invalid or expired code." } },
});

/** Off: one button turns it on. */
export const Off: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole("button", {
        name: globals.locale === "fr" ? "Activer la connexion en deux étapes" : "Turn on two-factor sign-in",
      }),
    ).toBeVisible();
  },
};

/** Off, with an address not confirmed yet: no button, but why, and where to confirm it. */
export const Unverified: Story = {
  args: { unverified: true },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        fr
          ? /Pour l’activer, confirmez d’abord votre adresse e-mail/
          : /To turn it on, first confirm your email address/,
      ),
    ).toBeVisible();
    await expect(
      canvas.queryByRole("button", {
        name: fr ? "Activer la connexion en deux étapes" : "Turn on two-factor sign-in",
      }),
    ).toBeNull();
  },
};

async function startSetup(canvasElement: HTMLElement, fr: boolean) {
  const canvas = within(canvasElement);
  await userEvent.click(
    await canvas.findByRole("button", {
      name: fr ? "Activer la connexion en deux étapes" : "Turn on two-factor sign-in",
    }),
  );
  await canvas.findByRole("img", {
    name: fr ? "QR code pour votre application d’authentification" : "QR code for your authenticator app",
  });
  return canvas;
}

/** Turning on: the QR code to scan, a link to the app on this phone, its key to type, and the code that confirms it. */
export const Scan: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = await startSetup(canvasElement, fr);
    await expect(canvas.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeVisible();
    // On a phone, the link hands the same secret to the app on that phone.
    await expect(
      canvas.getByRole("link", {
        name: fr
          ? /^Sur ce téléphone\s\? Ouvrir l’application d’authentification$/
          : "On this phone? Open the authenticator app",
      }),
    ).toHaveAttribute("href", twoFactorSetup.uri);
  },
};

const asked = identityStep();

/**
 * Turning on from a session that has not confirmed it is them lately: "Confirm it's you" asks for
 * the current password, then the QR code to scan shows, as was asked.
 */
export const ConfirmItsYouFirst: Story = {
  args: {
    identity: asked.identity,
    actions: { ...meta.args.actions, setup: asked.untilConfirmed(twoFactorSetup) },
  },
  beforeEach: asked.reset,
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole("button", {
        name: fr ? "Activer la connexion en deux étapes" : "Turn on two-factor sign-in",
      }),
    );
    const dialog = within(await within(document.body).findByRole("dialog"));
    // Two-factor is off: the password is the only way to confirm.
    await expect(
      dialog.queryByRole("button", { name: /authenticator app instead|application d’authentification/ }),
    ).toBeNull();
    await userEvent.type(
      dialog.getByLabelText(fr ? "Mot de passe actuel" : "Current password"),
      "my password{Enter}",
    );
    await canvas.findByRole("img", {
      name: fr ? "QR code pour votre application d’authentification" : "QR code for your authenticator app",
    });
    await expect(args.actions.setup).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
  },
};

/** The right code turns it on: the recovery codes, shown once, to copy or download. */
export const RecoveryCodesShown: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = await startSetup(canvasElement, fr);
    await userEvent.type(
      canvas.getByLabelText(fr ? "Code de l’application" : "Code from the app"),
      "123 456",
    );
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Activer" : "Turn on" }));
    await expect(args.actions.confirm).toHaveBeenCalledWith(twoFactorSetup.setupId, "123 456");
    const list = await canvas.findByRole("list", { name: fr ? "Codes de secours" : "Recovery codes" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(10);
  },
};

/** A wrong code: the field says so, and two-factor stays off. */
export const WrongCode: Story = {
  args: { actions: { ...meta.args.actions, confirm: fn(async () => wrongCode) } },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = await startSetup(canvasElement, fr);
    const field = canvas.getByLabelText(fr ? "Code de l’application" : "Code from the app");
    await userEvent.type(field, "000000{Enter}");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    await expect(field).toHaveAccessibleDescription(
      fr ? "Ce code n’est pas le bon, ou il a expiré." : "This code is not right, or it has expired.",
    );
  },
};

/** On: since when, and how many recovery codes are left. */
export const On: Story = {
  args: { actions: { ...meta.args.actions, load: fn(async () => ok(twoFactorOn)) } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        globals.locale === "fr"
          ? /Activée depuis le 14 sept. 2026. Codes de secours restants\s: 8 sur 10\./
          : "On since Sep 14, 2026. Recovery codes left: 8 of 10.",
      ),
    ).toBeVisible();
  },
};

/** Two recovery codes left: a nudge to make new ones. */
export const FewCodesLeft: Story = {
  args: {
    actions: { ...meta.args.actions, load: fn(async () => ok({ ...twoFactorOn, recoveryCodesLeft: 2 })) },
  },
};

/** Turning off asks for a code; then the card says it is off. */
export const TurnedOff: Story = {
  args: { actions: { ...meta.args.actions, load: fn(async () => ok(twoFactorOn)) } },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: fr ? "Désactiver" : "Turn off" }));
    await userEvent.type(
      canvas.getByLabelText(
        fr ? "Code de l’application, ou code de secours" : "Code from the app, or a recovery code",
      ),
      "654321{Enter}",
    );
    await waitFor(() => expect(args.actions.turnOff).toHaveBeenCalledWith("654321"));
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      fr ? "La connexion en deux étapes est désactivée." : "Two-factor sign-in is off.",
    );
  },
};

/** While the settings load. */
export const Loading: Story = {
  args: { actions: { ...meta.args.actions, load: fn(() => new Promise<never>(() => {})) } },
};

/** The settings could not load: the card says so and offers to try again. */
export const LoadFailed: Story = {
  args: { actions: { ...meta.args.actions, load: fn(async () => refused(0)) } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert")).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: globals.locale === "fr" ? "Réessayer" : "Try again" }),
    ).toBeVisible();
  },
};
