import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { SignupForm } from "./signup-form.tsx";
import { centredCard } from "./story-decorators.tsx";
import docs from "./signup-form.docs.md?raw";

const meta = {
  title: "Auth/SignupForm",
  component: SignupForm,
  tags: ["autodocs"],
  args: { onSubmit: fn(), status: "idle" },
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
  },
  parameters: {
    docs: { description: { component: docs } },
    path: "/signup",
    // The whole form in one screenshot: screenshots only show what fits in the viewport.
    viewport: {
      options: {
        longDesktop: {
          name: "Desktop, whole form",
          styles: { width: "1200px", height: "1100px" },
          type: "desktop",
        },
        longPhone: {
          name: "Phone, whole form",
          styles: { width: "390px", height: "2400px" },
          type: "mobile",
        },
      },
    },
  },
  globals: { viewport: { value: "longDesktop", isRotated: false } },
  decorators: [centredCard],
} satisfies Meta<typeof SignupForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = {
  name: "Camille Martin",
  email: "camille.martin@example.com",
  password: "correct horse battery",
  passwordConfirm: "correct horse battery",
  terms: true,
};

/** Typing everything and pressing Enter sends the values, free trial by default. */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(fr ? "Nom" : "Name"), "Camille");
    await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), "cam@example.fr");
    const password = canvas.getByLabelText(fr ? "Mot de passe" : "Password");
    await expect(password).toHaveAttribute("autocomplete", "new-password");
    await userEvent.type(password, "s3cret-pw");
    await userEvent.type(
      canvas.getByLabelText(fr ? "Confirmez le mot de passe" : "Confirm password"),
      "s3cret-pw",
    );
    await userEvent.click(
      canvas.getByRole("checkbox", {
        name: fr ? "J’accepte les conditions d’utilisation" : "I accept the terms of use",
      }),
    );
    await expect(
      canvas.getByRole("link", { name: fr ? "conditions d’utilisation" : "terms of use" }),
    ).toHaveAttribute("href", fr ? "/fr/cgu" : "/cgu");
    await userEvent.type(canvas.getByLabelText(fr ? "Nom" : "Name"), "{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: "Camille",
      email: "cam@example.fr",
      password: "s3cret-pw",
      passwordConfirm: "s3cret-pw",
      terms: true,
      plan: "free",
      billing: "monthly",
      newsletter: false,
      startNow: false,
    });
  },
};

/** The paid plan shows monthly and yearly prices for the active locale ("4,99 €" in French). */
export const PaidYearly: Story = {
  args: { defaultValues: { ...filled, plan: "paid", billing: "monthly", newsletter: true } },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: /Mensuelle|Monthly/ })).toHaveAccessibleName(
      fr ? "Mensuelle 4,99\u00a0€ TTC par mois" : "Monthly €4.99 incl. VAT per month",
    );
    const yearly = canvas.getByRole("radio", { name: /Annuelle|Yearly/ });
    await userEvent.click(yearly);
    await expect(yearly).toHaveAccessibleName(
      fr
        ? /^Annuelle \d+\s%\sd’économie 49,99\s€ TTC par an$/
        : /^Yearly Save \d+% €49\.99 incl\. VAT per year$/,
    );
    // The order step, just above the button that commits to pay.
    const order = within(canvas.getByRole("region", { name: fr ? "Votre commande" : "Your order" }));
    await expect(order.getByText(fr ? /^Offre payante, annuelle$/ : "Paid plan, yearly")).toBeVisible();
    await userEvent.click(
      order.getByRole("checkbox", { name: fr ? /^Démarrer tout de suite/ : /^Start at once/ }),
    );
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Commander avec obligation de paiement" : "Subscribe and pay",
      }),
    );
    await expect(args.onSubmit).toHaveBeenCalledWith({
      ...filled,
      plan: "paid",
      billing: "yearly",
      newsletter: true,
      startNow: true,
    });
  },
};

/** Client checks: required fields, password length, confirmation and consent; focus on the first. */
export const Invalid: Story = {
  args: {
    defaultValues: {
      name: "Camille",
      email: "camille@example",
      password: "short",
      passwordConfirm: "shorter",
    },
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Commencer mon essai gratuit" : "Start my free trial" }),
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
    const email = canvas.getByLabelText(fr ? "E-mail" : "Email");
    await waitFor(() => expect(email).toHaveFocus());
    await expect(canvas.getByLabelText(fr ? "Mot de passe" : "Password")).toHaveAccessibleDescription(
      fr
        ? "Au moins 8\u00a0caractères. Doit contenir au moins 8\u00a0caractères."
        : "At least 8 characters. Must be at least 8 characters.",
    );
    await expect(
      canvas.getByLabelText(fr ? "Confirmez le mot de passe" : "Confirm password"),
    ).toHaveAccessibleDescription(
      fr ? "Les mots de passe ne correspondent pas." : "The passwords don't match.",
    );
    await expect(canvas.getByRole("checkbox", { name: /conditions|terms/ })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    // Fixing a field clears its error at once.
    await userEvent.type(email, ".com");
    await expect(email).not.toHaveAttribute("aria-invalid");
  },
};

export const Submitting: Story = {
  args: { status: "submitting", defaultValues: { ...filled, plan: "paid", billing: "monthly" } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", {
      name: /Commander avec obligation de paiement|Subscribe and pay/,
    });
    await expect(button).toHaveAttribute("aria-busy", "true");
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/**
 * PocketBase's duplicate email error lands on the email field, translated, and takes focus. The
 * banner summarises it, whatever the action's default message ("Erreur inconnue"), and clears
 * as soon as the visitor edits a field.
 */
export const EmailTaken: Story = {
  args: {
    status: "error",
    message: "Erreur inconnue",
    errors: { email: { code: "validation_not_unique", message: "Value must be unique." } },
    defaultValues: filled,
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const email = canvas.getByLabelText(fr ? "E-mail" : "Email");
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAccessibleDescription(
      fr
        ? "Un compte existe déjà avec cette adresse e-mail."
        : "An account already exists with this email address.",
    );
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr ? "Certains champs demandent votre attention." : "Some fields need your attention.",
    );
    await expect(canvas.queryByText(fr ? /Erreur inconnue/ : /Unknown error/)).toBeNull();
    // The way forward: log in, or reset the password, with the address filled in.
    const query = "email=camille.martin%40example.com";
    await expect(
      canvas.getByRole("link", {
        name: fr ? "Connectez-vous avec cette adresse" : "Log in with this address",
      }),
    ).toHaveAttribute("href", `${fr ? "/fr" : ""}/login?${query}`);
    await expect(
      canvas.getByRole("link", {
        name: fr ? "réinitialisez votre mot de passe" : "reset your password",
      }),
    ).toHaveAttribute("href", `${fr ? "/fr" : ""}/forgot-password?${query}`);
  },
};

/** Another address typed after "already exists": the links, which were about the first one, go. */
export const EmailTakenThenEdited: Story = {
  args: EmailTaken.args,
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const login = /^(Log in with this address|Connectez-vous avec cette adresse)$/;
    await expect(canvas.getByRole("link", { name: login })).toBeVisible();
    await userEvent.type(canvas.getByLabelText(globals.locale === "fr" ? "E-mail" : "Email"), "x");
    await expect(canvas.queryByRole("link", { name: login })).toBeNull();
  },
};

/** A server banner clears on the next edit, so it never sits above a later client-side check. */
export const StaleBannerClears: Story = {
  args: { status: "error", message: "Failed to update record.", defaultValues: filled },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      fr ? "Vos modifications n’ont pas pu être enregistrées." : "Your changes could not be saved.",
    );
    const email = canvas.getByLabelText(fr ? "E-mail" : "Email");
    await userEvent.clear(email);
    await userEvent.type(email, "not-an-email");
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Commencer mon essai gratuit" : "Start my free trial" }),
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvasElement.querySelector('[data-slot="form-alert"]')).toBeEmptyDOMElement();
    await expect(email).toHaveAccessibleDescription(
      fr ? "Saisissez une adresse e-mail valide." : "Enter a valid email address.",
    );
  },
};

/** Sign-up's default error in its original French wording, which the form translates (docs/product.md, Account defaults). */
export const Failed: Story = {
  args: { status: "error", message: "Erreur inconnue", defaultValues: filled },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      globals.locale === "fr" ? "Erreur inconnue." : "Unknown error.",
    );
  },
};

export const Phone: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: { viewport: { value: "longPhone", isRotated: false } },
  args: { defaultValues: { plan: "paid", billing: "yearly" } },
};
