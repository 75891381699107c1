import type { Meta, StoryObj } from "@storybook/react-vite";
import { ClientResponseError } from "pocketbase";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { signInFailure } from "#src/auth/passkeys.ts";
import { codeStepExpired } from "#src/auth/sign-in-support.ts";
import { DashboardShell } from "../widgets/dashboard-shell.tsx";
import {
  SecondFactorRequiredScreen,
  SuperuserCheckingScreen,
  SuperuserSignInScreen,
  type SecondFactorRequiredProps,
  type SuperuserSignInProps,
} from "./sign-in.tsx";
import { ok, ownSecondFactors, refused, superusers, wholePage, wholePageGlobals } from "./story-fixtures.tsx";

const root = superusers[0]!;

const meta = {
  title: "Dashboard/Sign-in",
  component: SuperuserSignInScreen,
  decorators: [
    // Signed in with a password alone where a second factor is required: no navigation.
    (Story, { parameters }) =>
      parameters.passwordSession ? (
        <DashboardShell email={root.email} onSignOut={() => {}} navigation={false}>
          <Story />
        </DashboardShell>
      ) : (
        <DashboardShell>
          <Story />
        </DashboardShell>
      ),
  ],
  args: {
    signIn: fn<SuperuserSignInProps["signIn"]>(async () => ok({ superuser: root })),
    signInWithCode: fn<SuperuserSignInProps["signInWithCode"]>(async () => ok(root)),
    signInWithPasskey: fn<NonNullable<SuperuserSignInProps["signInWithPasskey"]>>(async () => ok(root)),
  },
  parameters: { path: "/_" },
} satisfies Meta<typeof SuperuserSignInScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Fills the email and the password and sends them. */
async function submitPassword(canvasElement: HTMLElement, fr: boolean) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), "root@example.com");
  await userEvent.type(canvas.getByLabelText(fr ? "Mot de passe" : "Password"), "a long password");
  await userEvent.click(canvas.getByRole("button", { name: fr ? "Se connecter" : "Sign in" }));
}

const passkeyButtonName = (fr: boolean) =>
  fr ? "Se connecter avec une clé d’accès" : "Sign in with a passkey";

/** Every dashboard page without a superuser session: the sign-in form, no navigation. */
export const SignedOut: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(
      canvas.getByRole("heading", {
        level: 1,
        name: fr ? "Connexion superutilisateur" : "Superuser sign-in",
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole("navigation", { name: fr ? "Tableau de bord" : "Dashboard" })).toBeNull();
    await expect(canvas.getByRole("button", { name: passkeyButtonName(fr) })).toBeVisible();
    await submitPassword(canvasElement, fr);
    await expect(args.signIn).toHaveBeenCalledWith("root@example.com", "a long password");
  },
};

export const WrongPassword: Story = {
  args: {
    signIn: fn<SuperuserSignInProps["signIn"]>(async () =>
      refused(400, { message: "Failed to authenticate." }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await submitPassword(canvasElement, fr);
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      fr ? "E-mail ou mot de passe incorrect." : "Wrong email or password.",
    );
  },
};

/** A browser that cannot use passkeys: the password form alone. */
export const WithoutPasskeys: Story = {
  args: { signInWithPasskey: undefined },
  play: async ({ canvasElement, globals }) => {
    await expect(
      within(canvasElement).queryByRole("button", { name: passkeyButtonName(globals.locale === "fr") }),
    ).toBeNull();
  },
};

/** "Sign in with a passkey": the browser offers the superuser's passkeys, no email or password. */
export const WithAPasskey: Story = {
  play: async ({ canvasElement, globals, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole("button", { name: passkeyButtonName(globals.locale === "fr") }),
    );
    await expect(args.signInWithPasskey).toHaveBeenCalledTimes(1);
    await expect(args.signIn).not.toHaveBeenCalled();
  },
};

/** A passkey the server does not know (removed since): the page says so, the form stays. */
export const PasskeyRefused: Story = {
  args: {
    signInWithPasskey: fn(async () =>
      signInFailure(
        new ClientResponseError({ status: 400, response: { message: "Failed to authenticate." } }),
      ),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: passkeyButtonName(fr) }));
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="passkey-login"] [role="alert"]')).toHaveTextContent(
        fr
          ? "Cette clé d’accès n’a pas été acceptée. Connectez-vous avec votre mot de passe ou essayez une autre clé d’accès."
          : "This passkey was not accepted. Log in with your password, or try another passkey.",
      ),
    );
  },
};

/**
 * One way of signing in at a time: a wrong password, then the passkey (refused too), then the
 * password again: only the method tried last says what went wrong.
 */
export const SwitchingMethod: Story = {
  args: {
    signIn: fn<SuperuserSignInProps["signIn"]>(async () =>
      refused(400, { message: "Failed to authenticate." }),
    ),
    signInWithPasskey: fn(async () =>
      signInFailure(
        new ClientResponseError({ status: 400, response: { message: "Failed to authenticate." } }),
      ),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const wrongPassword = fr ? "E-mail ou mot de passe incorrect." : "Wrong email or password.";
    const passkeyRefused = fr ? /^Cette clé d’accès n’a pas été acceptée/ : /^This passkey was not accepted/;
    await submitPassword(canvasElement, fr);
    await expect(await canvas.findByText(wrongPassword)).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: passkeyButtonName(fr) }));
    await expect(await canvas.findByText(passkeyRefused)).toBeVisible();
    await expect(canvas.queryByText(wrongPassword)).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Se connecter" : "Sign in" }));
    await expect(await canvas.findByText(wrongPassword)).toBeVisible();
    await expect(canvas.queryByText(passkeyRefused)).toBeNull();
  },
};

const mfaId = "mfa7hkq2m4r9xq1";

/** Two-factor sign-in on: after the right password, the code from the app (or a recovery code). */
export const CodeStep: Story = {
  args: { signIn: fn<SuperuserSignInProps["signIn"]>(async () => ok({ mfaId })) },
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await submitPassword(canvasElement, fr);
    await expect(
      await canvas.findByRole("heading", {
        level: 1,
        name: fr ? "Connexion en deux étapes" : "Two-factor sign-in",
      }),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText("Code"), "123 456");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Se connecter" : "Sign in" }));
    await expect(args.signInWithCode).toHaveBeenCalledWith(mfaId, "123 456");
  },
};

/** The code step waited too long: back to the password, which the page asks for again. */
export const CodeStepExpired: Story = {
  args: {
    signIn: fn<SuperuserSignInProps["signIn"]>(async () => ok({ mfaId })),
    signInWithCode: fn<SuperuserSignInProps["signInWithCode"]>(async () => ({
      success: false as const,
      error: { message: codeStepExpired, fieldErrors: {}, status: 400, aborted: false },
    })),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await submitPassword(canvasElement, fr);
    await userEvent.type(await canvas.findByLabelText("Code"), "123456");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Se connecter" : "Sign in" }));
    await expect(
      await canvas.findByRole("heading", {
        level: 1,
        name: fr ? "Connexion superutilisateur" : "Superuser sign-in",
      }),
    ).toBeVisible();
    await expect(canvas.getAllByRole("alert")[0]).toHaveTextContent(
      fr
        ? "Trop de temps s’est écoulé depuis votre mot de passe. Connectez-vous à nouveau."
        : "Too much time has passed since you entered your password. Log in again.",
    );
  },
};

/** After changing the password with two-factor sign-in on: the new one, then a code. */
export const PasswordChanged: Story = {
  args: { notice: "password-changed" },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      globals.locale === "fr"
        ? "Votre mot de passe a été modifié. Connectez-vous avec, puis avec un code de votre application."
        : "Your password has been changed. Sign in with it, then with a code from your app.",
    );
  },
};

export const Checking: Story = {
  render: () => <SuperuserCheckingScreen />,
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      globals.locale === "fr"
        ? "Vérification de votre session superutilisateur…"
        : "Checking your superuser session…",
    );
  },
};

// A server that requires a second factor, and a session opened with a password alone. The
// screen's actions are made once, as a route gives them (new ones would load it again).

const noFactorYet: SecondFactorRequiredProps = {
  email: root.email,
  holdsSecondFactor: fn(async () => ok(false)),
  actions: ownSecondFactors(),
  onSignOut: fn(),
};

const factorHeld: SecondFactorRequiredProps = { ...noFactorYet, holdsSecondFactor: fn(async () => ok(true)) };

const requiredPage = {
  parameters: { passwordSession: true, ...wholePage(1000) },
  globals: wholePageGlobals,
};

const requiredHeading = (canvasElement: HTMLElement, fr: boolean) =>
  within(canvasElement).findByRole("heading", {
    level: 1,
    name: fr ? "Un second facteur est requis" : "A second factor is required",
  });

/** No second factor yet: the cards to add a passkey or an authenticator app, then sign out. */
export const SecondFactorRequired: Story = {
  ...requiredPage,
  render: () => <SecondFactorRequiredScreen {...noFactorYet} />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const main = within(canvasElement.querySelector("main")!);
    await expect(await requiredHeading(canvasElement, fr)).toBeVisible();
    await expect(
      within(canvasElement).queryByRole("navigation", { name: fr ? "Tableau de bord" : "Dashboard" }),
    ).toBeNull();
    await expect(
      await main.findByText(fr ? "Vous n’avez pas encore de clé d’accès." : "You have no passkey yet."),
    ).toBeVisible();
    await expect(
      await main.findByRole("button", {
        name: fr ? "Activer la connexion en deux étapes" : "Turn on two-factor sign-in",
      }),
    ).toBeVisible();
    await userEvent.click(
      main.getByRole("button", {
        name: fr ? "Se déconnecter, puis se reconnecter" : "Sign out, then sign in with it",
      }),
    );
    await expect(noFactorYet.onSignOut).toHaveBeenCalled();
  },
};

/** A passkey added: the screen says to sign out, then sign in with it. */
export const SecondFactorAdded: Story = {
  ...requiredPage,
  render: () => <SecondFactorRequiredScreen {...noFactorYet} />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const main = within(canvasElement.querySelector("main")!);
    const add = await main.findByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" });
    // The button ignores clicks (aria-disabled) until the list of passkeys has loaded.
    await waitFor(() => expect(add).not.toHaveAttribute("aria-disabled"));
    await userEvent.click(add);
    await expect(await main.findByText(/^(You already have one\.|Vous en avez déjà un\.)/)).toBeVisible();
    await expect(
      main.queryByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    ).toBeNull();
  },
};

/** A second factor already held: this session can add nothing; sign in with it. */
export const SecondFactorHeld: Story = {
  ...requiredPage,
  render: () => <SecondFactorRequiredScreen {...factorHeld} />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const main = within(canvasElement.querySelector("main")!);
    await expect(await requiredHeading(canvasElement, fr)).toBeVisible();
    await expect(await main.findByText(/^(You already have one\.|Vous en avez déjà un\.)/)).toBeVisible();
    await expect(
      main.queryByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    ).toBeNull();
    await expect(main.getByRole("button", { name: fr ? "Se déconnecter" : "Sign out" })).toBeVisible();
  },
};
