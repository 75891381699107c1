import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok, type ActionResult } from "#src/forms/action-result.ts";
import type { PasswordSignIn } from "#src/auth/account.ts";
import { trialUser } from "#src/auth/auth-fixtures.ts";
import { LoginScreen } from "./login.tsx";
import { ClientResponseError } from "pocketbase";
import { ceremonyFailure, signInFailure } from "#src/auth/passkeys.ts";
import { refused } from "#src/auth/story-actions.ts";
import { codeStepExpired } from "#src/auth/sign-in-support.ts";

/** The login page: the form, its request running, PocketBase's refusals and a successful login. */
const meta = {
  title: "Screens/Account/Login",
  component: LoginScreen,
  args: {
    login: fn(async (): Promise<ActionResult<PasswordSignIn>> => ok({ user: trialUser })),
    loginWithCode: fn(async () => ok(trialUser)),
    loginWithPasskey: fn(async () => ok(trialUser)),
    onLoggedIn: fn(),
  },
  parameters: { path: "/login" },
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const email = "camille.martin@example.com";
const password = "correct horse battery";

/** Types the address and the password as a visitor does, then presses Enter. */
async function logIn(canvasElement: HTMLElement, fr: boolean, address = email) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), address);
  await userEvent.type(canvas.getByLabelText(fr ? "Mot de passe" : "Password"), `${password}{Enter}`);
}

/** The empty form, then a login that works: the route takes over (`onLoggedIn`). */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(fr ? "Se connecter" : "Log in");
    await expect(canvas.getByLabelText(fr ? "E-mail" : "Email")).toHaveValue("");
    await expect(canvas.queryByRole("alert")).toBeNull();
    const button = canvas.getByRole("button", { name: fr ? "Se connecter" : "Log in" });
    await expect(button).not.toHaveAttribute("aria-busy");
    await logIn(canvasElement, fr);
    await expect(args.login).toHaveBeenCalledWith(email, password);
    await waitFor(() => expect(args.onLoggedIn).toHaveBeenCalledTimes(1));
  },
};

/** While the request runs the button is busy, and a second Enter sends nothing more. */
export const LoggingIn: Story = {
  args: { login: fn(() => new Promise<never>(() => {})) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await logIn(canvasElement, fr);
    const button = canvas.getByRole("button", { name: fr ? "Se connecter" : "Log in" });
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"));
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await userEvent.keyboard("{Enter}");
    await expect(args.login).toHaveBeenCalledTimes(1);
    await expect(args.onLoggedIn).not.toHaveBeenCalled();
  },
};

/** PocketBase rejects the address (its `identity` field): the email field says why and takes focus. */
export const InvalidEmail: Story = {
  args: {
    login: fn(async () =>
      refused(400, {
        message: "An error occurred while validating the submitted data.",
        data: { identity: { code: "validation_is_email", message: "Must be a valid email address." } },
      }),
    ),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await logIn(canvasElement, fr, "camille.martin@example..com");
    const field = canvas.getByLabelText(fr ? "E-mail" : "Email");
    await waitFor(() => expect(field).toHaveFocus());
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(
      fr ? "Saisissez une adresse e-mail valide." : "Enter a valid email address.",
    );
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr ? "Certains champs demandent votre attention." : "Some fields need your attention.",
    );
    await expect(args.onLoggedIn).not.toHaveBeenCalled();
  },
};

/** A wrong password: one message for the form, no field blamed (it never says which was wrong). */
export const WrongPassword: Story = {
  args: { login: fn(async () => refused(400, { message: "Failed to authenticate.", data: {} })) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await logIn(canvasElement, fr);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr ? "E-mail ou mot de passe incorrect." : "Wrong email or password.",
    );
    await expect(canvas.getByLabelText(fr ? "E-mail" : "Email")).not.toHaveAttribute("aria-invalid");
    await expect(canvas.getByLabelText(fr ? "Mot de passe" : "Password")).not.toHaveAttribute("aria-invalid");
    await expect(args.onLoggedIn).not.toHaveBeenCalled();
  },
};

const passkeyButton = (fr: boolean) => ({
  name: fr ? "Se connecter avec une clé d’accès" : "Log in with a passkey",
});

/** "Log in with a passkey": the browser's prompt, then the route takes over as after a password. */
export const PasskeyLogin: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", passkeyButton(globals.locale === "fr")));
    await expect(args.loginWithPasskey).toHaveBeenCalledWith(false);
    await waitFor(() => expect(args.onLoggedIn).toHaveBeenCalledTimes(1));
    await expect(args.login).not.toHaveBeenCalled();
  },
};

/** The visitor closed the browser's prompt: said under the button; the password form is untouched. */
export const PasskeyCancelled: Story = {
  args: {
    loginWithPasskey: fn(async () =>
      ceremonyFailure(Object.assign(new Error("Not allowed."), { name: "NotAllowedError" }), {
        id: "story.unused",
      }),
    ),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", passkeyButton(fr)));
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "La demande de clé d’accès a été annulée ou a expiré."
        : "The passkey request was cancelled or timed out.",
    );
    await expect(args.onLoggedIn).not.toHaveBeenCalled();
  },
};

/** A passkey the server does not accept (removed from the account, say): the way out is the password. */
export const PasskeyRefused: Story = {
  args: {
    loginWithPasskey: fn(async () =>
      signInFailure(
        new ClientResponseError({ status: 400, response: { message: "Failed to authenticate.", data: {} } }),
      ),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", passkeyButton(fr)));
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "Cette clé d’accès n’a pas été acceptée. Connectez-vous avec votre mot de passe ou essayez une autre clé d’accès."
        : "This passkey was not accepted. Log in with your password, or try another passkey.",
    );
  },
};

/** Two-factor sign-in on: the right password asks for the app's code, which logs the visitor in. */
export const TwoFactorCode: Story = {
  args: { login: fn(async (): Promise<ActionResult<PasswordSignIn>> => ok({ mfaId: "mfa4k2q8x7w1" })) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await logIn(canvasElement, fr);
    await expect(
      await canvas.findByRole("heading", {
        level: 1,
        name: fr ? "Connexion en deux étapes" : "Two-factor sign-in",
      }),
    ).toBeVisible();
    await expect(args.onLoggedIn).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText("Code"), "123456{Enter}");
    await expect(args.loginWithCode).toHaveBeenCalledWith("mfa4k2q8x7w1", "123456");
    await waitFor(() => expect(args.onLoggedIn).toHaveBeenCalledTimes(1));
  },
};

/** The code step waited too long: back to the password, which says why. */
export const TwoFactorExpired: Story = {
  args: {
    login: fn(async (): Promise<ActionResult<PasswordSignIn>> => ok({ mfaId: "mfa4k2q8x7w1" })),
    loginWithCode: fn(async () => ({
      success: false as const,
      error: { message: codeStepExpired, fieldErrors: {}, status: 400, aborted: false },
    })),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await logIn(canvasElement, fr);
    await userEvent.type(await canvas.findByLabelText("Code"), "123456{Enter}");
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "Trop de temps s’est écoulé depuis votre mot de passe. Connectez-vous à nouveau."
        : "Too much time has passed since you entered your password. Log in again.",
    );
    await expect(canvas.getByLabelText(fr ? "Mot de passe" : "Password")).toBeVisible();
  },
};

/** The messages the login page shows now (every alert with words). */
const shownAlerts = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByRole("alert")
    .map((alert) => alert.textContent?.trim() ?? "")
    .filter(Boolean);

/**
 * One way of logging in at a time: a wrong password, then the passkey (cancelled), then the
 * password again. Each says why it failed, and the other's message goes.
 */
export const SwitchingMethod: Story = {
  args: {
    login: fn(async () => refused(400, { message: "Failed to authenticate.", data: {} })),
    loginWithPasskey: fn(async () =>
      ceremonyFailure(Object.assign(new Error("Not allowed."), { name: "NotAllowedError" }), {
        id: "story.unused",
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const wrongPassword = fr ? "E-mail ou mot de passe incorrect." : "Wrong email or password.";
    const cancelled = fr
      ? "La demande de clé d’accès a été annulée ou a expiré. Réessayez quand vous êtes prêt."
      : "The passkey request was cancelled or timed out. Try again when you are ready.";
    await logIn(canvasElement, fr);
    await waitFor(() => expect(shownAlerts(canvasElement)).toEqual([wrongPassword]));
    await userEvent.click(canvas.getByRole("button", passkeyButton(fr)));
    await waitFor(() => expect(shownAlerts(canvasElement)).toEqual([cancelled]));
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Se connecter" : "Log in" }));
    await waitFor(() => expect(shownAlerts(canvasElement)).toEqual([wrongPassword]));
  },
};

/**
 * Two-factor sign-in on: a refused passkey, then the password leads to the code step, which
 * starts without the passkey's message; a refused code, then "another account" leads back to
 * the password, which shows neither; the code step asked again starts clean.
 */
export const SwitchingToAndFromTheCodeStep: Story = {
  args: {
    login: fn(async (): Promise<ActionResult<PasswordSignIn>> => ok({ mfaId: "mfa4k2q8x7w1" })),
    loginWithCode: fn(async () => refused(429, { message: "Too Many Requests." })),
    loginWithPasskey: fn(async () =>
      signInFailure(
        new ClientResponseError({ status: 400, response: { message: "Failed to authenticate.", data: {} } }),
      ),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const codeStep = { level: 1, name: fr ? "Connexion en deux étapes" : "Two-factor sign-in" };
    await userEvent.click(canvas.getByRole("button", passkeyButton(fr)));
    await waitFor(() => expect(shownAlerts(canvasElement)).toHaveLength(1));
    await logIn(canvasElement, fr);
    await canvas.findByRole("heading", codeStep);
    await expect(shownAlerts(canvasElement)).toEqual([]);
    await userEvent.type(canvas.getByLabelText("Code"), "123456{Enter}");
    await waitFor(() =>
      expect(shownAlerts(canvasElement)).toEqual([
        fr
          ? "Trop de tentatives. Patientez un instant puis réessayez."
          : "Too many attempts. Please wait a moment and try again.",
      ]),
    );
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Se connecter avec un autre compte" : "Log in with another account",
      }),
    );
    await canvas.findByLabelText(fr ? "Mot de passe" : "Password");
    await expect(shownAlerts(canvasElement)).toEqual([]);
    await logIn(canvasElement, fr);
    await canvas.findByRole("heading", codeStep);
    await expect(shownAlerts(canvasElement)).toEqual([]);
    await expect(canvas.getByLabelText("Code")).not.toHaveAttribute("aria-invalid");
  },
};
