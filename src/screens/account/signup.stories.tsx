import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { SignupOutcome } from "#src/auth/account.ts";
import { ok } from "#src/forms/action-result.ts";
import { unverifiedUser } from "#src/auth/auth-fixtures.ts";
import { SignupScreen } from "./signup.tsx";
import { refused } from "#src/auth/story-actions.ts";

const signedIn: SignupOutcome = { user: unverifiedUser, checkout: null };

/** Stripe Checkout's page for the paid plan, as `POST /api/billing/checkout` answers. */
const checkoutUrl = "https://checkout.stripe.com/c/pay/cs_test_a1b2c3";

/**
 * The sign-up page: the form, its request running, PocketBase's refusals, and both outcomes of a
 * created account (signed in, or to log in by hand).
 */
const meta = {
  title: "Screens/Account/Signup",
  component: SignupScreen,
  args: { signup: fn(async () => ok(signedIn)), onSignedUp: fn() },
  parameters: {
    path: "/signup",
    // The whole form in one screenshot: screenshots only show what fits in the viewport.
    viewport: {
      options: {
        longDesktop: {
          name: "Desktop, whole form",
          styles: { width: "1200px", height: "1150px" },
          type: "desktop",
        },
      },
    },
  },
  globals: { viewport: { value: "longDesktop", isRotated: false } },
} satisfies Meta<typeof SignupScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const email = "camille.martin@example.com";
const password = "correct horse battery";

/** Fills the form as a visitor does (the plan as it stands, no newsletter) and sends it. */
async function signUp(canvasElement: HTMLElement, fr: boolean, button = submitButton(canvasElement, fr)) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(fr ? "Nom" : "Name"), "Camille Martin");
  await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), email);
  await userEvent.type(canvas.getByLabelText(fr ? "Mot de passe" : "Password"), password);
  await userEvent.type(
    canvas.getByLabelText(fr ? "Confirmez le mot de passe" : "Confirm password"),
    password,
  );
  await userEvent.click(
    canvas.getByRole("checkbox", {
      name: fr ? "J’accepte les conditions d’utilisation" : "I accept the terms of use",
    }),
  );
  await userEvent.click(button);
}

const submitButton = (canvasElement: HTMLElement, fr: boolean) =>
  within(canvasElement).getByRole("button", {
    name: fr ? "Commencer mon essai gratuit" : "Start my free trial",
  });

/** The empty form, then a sign-up that signs the visitor in: the route takes over (`onSignedUp`). */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Créez votre compte" : "Create your account",
    );
    await expect(canvas.queryByRole("alert")).toBeNull();
    await signUp(canvasElement, fr);
    await expect(args.signup).toHaveBeenCalledWith({
      name: "Camille Martin",
      email,
      password,
      passwordConfirm: password,
      plan: "free",
      billing: "monthly",
      newsletter: false,
      startNow: false,
      locale: fr ? "fr" : "en",
    });
    await waitFor(() => expect(args.onSignedUp).toHaveBeenCalledWith(signedIn));
  },
};

/** While the request runs the button is busy, and clicking it again sends nothing more. */
export const Submitting: Story = {
  args: { signup: fn(() => new Promise<never>(() => {})) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await signUp(canvasElement, fr);
    const button = submitButton(canvasElement, fr);
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"));
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.signup).toHaveBeenCalledTimes(1);
    await expect(args.onSignedUp).not.toHaveBeenCalled();
  },
};

/** The address already has an account: the email field says so and takes focus. */
export const EmailTaken: Story = {
  args: {
    signup: fn(async () =>
      refused(400, {
        message: "Failed to create record.",
        data: { email: { code: "validation_not_unique", message: "Value must be unique." } },
      }),
    ),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await signUp(canvasElement, fr);
    const field = canvas.getByLabelText(fr ? "E-mail" : "Email");
    await waitFor(() => expect(field).toHaveFocus());
    await expect(field).toHaveAccessibleDescription(
      fr
        ? "Un compte existe déjà avec cette adresse e-mail."
        : "An account already exists with this email address.",
    );
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr ? "Certains champs demandent votre attention." : "Some fields need your attention.",
    );
    await expect(args.onSignedUp).not.toHaveBeenCalled();
  },
};

/** The service fails: a message for the whole form, and the visitor's entries stay. */
export const ServiceUnavailable: Story = {
  args: { signup: fn(async () => refused(503, { message: "Service Unavailable." })) },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await signUp(canvasElement, fr);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "Le service rencontre un problème. Réessayez dans quelques minutes."
        : "The service is having trouble. Please try again in a few minutes.",
    );
    await expect(canvas.getByLabelText(fr ? "E-mail" : "Email")).toHaveValue(email);
    await expect(args.onSignedUp).not.toHaveBeenCalled();
  },
};

/**
 * The account was created but signing in failed: the form gives way to SignupCreated (a second
 * try would only say the address is taken), which takes focus and leads to the login page.
 */
export const CreatedNotSignedIn: Story = {
  args: {
    signup: fn(async () => ok({ user: null, checkout: null })),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await signUp(canvasElement, fr);
    const card = await canvas.findByRole("region", {
      name: fr ? "Votre compte est créé" : "Your account is created",
    });
    await waitFor(() => expect(card).toHaveFocus());
    await expect(canvas.getByRole("status")).toHaveTextContent(email);
    await expect(
      canvas.getByText(
        fr
          ? `Nous avons envoyé un lien de vérification à ${email}. Ouvrez-le pour activer votre compte.`
          : `We sent a verification link to ${email}. Open it to activate your account.`,
      ),
    ).toBeVisible();
    await expect(canvas.getByRole("link", { name: fr ? "Se connecter" : "Log in" })).toHaveAttribute(
      "href",
      fr ? "/fr/login" : "/login",
    );
    await expect(canvas.queryByRole("form")).toBeNull();
    await expect(args.onSignedUp).not.toHaveBeenCalled();
  },
};

/**
 * From a "Choose Lumen" link (`/signup?plan=paid&interval=month`): the form starts on the paid
 * plan, billed monthly; once the account exists, the route goes on to payment (Checkout's URL in
 * the outcome) and the button stays busy while that page loads.
 */
export const PaidPlanFromLink: Story = {
  args: {
    choice: { plan: "paid", billing: "monthly" },
    signup: fn(async () => ok({ ...signedIn, checkout: ok(checkoutUrl) })),
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: fr ? /Offre payante/ : /Paid plan/ })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: fr ? /Mensuel/ : /Monthly/ })).toBeChecked();
    const button = canvas.getByRole("button", {
      name: fr ? "Commander avec obligation de paiement" : "Subscribe and pay",
    });
    await signUp(canvasElement, fr, button);
    await waitFor(() =>
      expect(args.signup).toHaveBeenCalledWith(expect.objectContaining({ plan: "paid", billing: "monthly" })),
    );
    await waitFor(() =>
      expect(args.onSignedUp).toHaveBeenCalledWith({ ...signedIn, checkout: ok(checkoutUrl) }),
    );
    await expect(button).toHaveAttribute("aria-busy", "true");
  },
};
