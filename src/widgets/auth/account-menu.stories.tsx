import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { AuthStateName } from "#src/auth/auth-fixtures.ts";
import { AccountMenu } from "./account-menu.tsx";
import { trialUser } from "#src/auth/auth-fixtures.ts";
import { StaticAuthProvider } from "#src/auth/auth-state.tsx";
import { awaitingPayment } from "./story-decorators.tsx";
import docs from "./account-menu.docs.md?raw";

/** Every account state, from the shared fixtures in src/auth/auth-fixtures.ts. */
const meta = {
  title: "Widgets/AccountMenu",
  component: AccountMenu,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { onLogout: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <div className="min-h-96">
        <div className="flex h-14 items-center justify-end border-b px-4">
          <Story />
        </div>
      </div>
    ),
  ],
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const auth = (name: AuthStateName) => ({ auth: name });
const body = (element: HTMLElement) => within(element.ownerDocument.body);

async function openMenu(canvasElement: HTMLElement, name: RegExp) {
  // The menu's code loads on demand, the first time a signed-in visitor is shown.
  await userEvent.click(await within(canvasElement).findByRole("button", { name }));
  return body(canvasElement).findByRole("menu");
}

export const Loading: Story = {
  parameters: auth("Loading"),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(
      globals.locale === "fr" ? "Chargement de votre compte" : "Loading your account",
    );
    await expect(canvas.queryByRole("link")).toBeNull();
  },
};

export const SignedOut: Story = {
  parameters: auth("SignedOut"),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("link", { name: fr ? "Se connecter" : "Log in" })).toHaveAttribute(
      "href",
      fr ? "/fr/login" : "/login",
    );
    await expect(canvas.getByRole("link", { name: fr ? "Inscrivez-vous" : "Sign up" })).toHaveAttribute(
      "href",
      fr ? "/fr/signup" : "/signup",
    );
  },
};

export const SignedIn: Story = {
  parameters: auth("SignedInTrial"),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const trigger = await within(canvasElement).findByRole("button", { name: /Camille Martin/ });
    await expect(trigger).toHaveTextContent(fr ? "CMCamille MartinEssai" : "CMCamille MartinTrial");
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await expect(
      within(canvasElement).queryByText(fr ? "Vérifiez votre e-mail" : "Verify your email"),
    ).toBeNull();
  },
};

export const SignedInPaid: Story = {
  parameters: auth("SignedInPaid"),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const menu = await openMenu(canvasElement, /Camille Martin/);
    await expect(menu).toHaveTextContent("camille.martin@example.com");
    await expect(menu).toHaveTextContent(fr ? "Payant" : "Paid");
    const items = within(menu).getAllByRole("menuitem");
    await expect(items.map((item) => item.textContent)).toEqual(
      fr ? ["Compte", "Se déconnecter"] : ["Account", "Log out"],
    );
    await expect(items[0]).toHaveAttribute("href", fr ? "/fr/account" : "/account");
  },
};

/** A paid plan whose payment has not arrived: the badge says so, as the account page does. */
export const AwaitingPayment: Story = {
  parameters: auth("SignedInPaid"),
  decorators: [awaitingPayment],
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const status = fr ? "Paiement attendu" : "Awaiting payment";
    const trigger = await within(canvasElement).findByRole("button", { name: /Camille Martin/ });
    await expect(within(trigger).getByText(status)).toBeVisible();
    const menu = await openMenu(canvasElement, /Camille Martin/);
    await expect(within(menu).getByText(status)).toBeVisible();
  },
};

/** No name, a long address: cut short beside the plan's badge, never under it. */
export const LongAddress: Story = {
  parameters: auth("SignedInTrial"),
  decorators: [
    (Story) => (
      <StaticAuthProvider
        state={{
          status: "authed",
          user: {
            ...trialUser,
            name: "",
            email: "dominique.de-la-fontaine-saint-exupery@entreprise-exemple.fr",
          },
        }}
      >
        <Story />
      </StaticAuthProvider>
    ),
  ],
  play: async ({ canvasElement, globals }) => {
    // The button keeps to one line, its name cut short before the badge.
    const trigger = await within(canvasElement).findByRole("button", { name: /dominique/i });
    const shown = trigger.querySelector<HTMLElement>("[data-session-name]")!;
    const triggerBadge = within(trigger).getByText(globals.locale === "fr" ? "Essai" : "Trial");
    await expect(trigger.getBoundingClientRect().height).toBeLessThanOrEqual(40);
    await expect(shown.getBoundingClientRect().right).toBeLessThanOrEqual(
      triggerBadge.getBoundingClientRect().left,
    );
    const menu = await openMenu(canvasElement, /dominique/i);
    const name = menu.querySelector<HTMLElement>("[data-session-name]")!;
    const badge = within(menu).getByText(globals.locale === "fr" ? "Essai" : "Trial");
    // The address ends before the badge begins.
    await expect(name.getBoundingClientRect().right).toBeLessThanOrEqual(badge.getBoundingClientRect().left);
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
  },
};

export const Admin: Story = {
  parameters: auth("Admin"),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const menu = await openMenu(canvasElement, /Alex Admin/);
    const admin = within(menu).getByRole("menuitem", { name: fr ? "Administration" : "Admin" });
    await expect(admin).toHaveAttribute("href", fr ? "/fr/admin" : "/admin");
  },
};

export const Unverified: Story = {
  parameters: auth("Unverified"),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("link", { name: fr ? "Vérifiez votre e-mail" : "Verify your email" }),
    ).toHaveAttribute("href", fr ? "/fr/account" : "/account");
    const trigger = await canvas.findByRole("button", { name: /Camille Martin/ });
    await expect(trigger).toHaveAccessibleName(
      fr ? "Camille Martin Essai E-mail non vérifié" : "Camille Martin Trial Email not verified",
    );
    const menu = await openMenu(canvasElement, /Camille Martin/);
    await expect(menu).toHaveTextContent(
      fr ? "ouvrez le lien que nous avons envoyé" : "open the link we sent to your inbox",
    );
  },
};

export const AuthError: Story = {
  parameters: auth("AuthError"),
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const button = await within(canvasElement).findByRole("button", {
      name: fr ? "Compte indisponible" : "Account unavailable",
    });
    await userEvent.hover(button);
    await expect(await body(canvasElement).findByRole("tooltip")).toHaveTextContent(
      fr ? "Nous n’avons pas pu joindre le service des comptes." : "We could not reach the account service.",
    );
    await userEvent.click(button);
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const LogOut: Story = {
  parameters: auth("SignedInTrial"),
  play: async ({ args, canvasElement, globals }) => {
    const menu = await openMenu(canvasElement, /Camille Martin/);
    // Keyboard: the last item is "Log out"; Enter chooses it and the menu closes.
    await userEvent.keyboard("{End}");
    await expect(
      within(menu).getByRole("menuitem", { name: globals.locale === "fr" ? "Se déconnecter" : "Log out" }),
    ).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onLogout).toHaveBeenCalledOnce();
    await waitFor(() => expect(body(canvasElement).queryByRole("menu")).toBeNull());
  },
};

/** On a content page (no app scripts): "Log in / Sign up" until the page script finds a session. */
export const ContentPageSignedOut: Story = {
  parameters: { scripts: false },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(canvas.getByRole("link", { name: fr ? "Inscrivez-vous" : "Sign up" })).toBeVisible();
    await expect(canvas.queryByRole("link", { name: fr ? "Compte" : "Account" })).toBeNull();
  },
};

/**
 * On a content page, as the page script shows it to a visitor with a stored session: the same menu
 * as on app pages (the page script fills in the name and address, e2e: account-life.spec.ts).
 */
export const ContentPageSignedIn: Story = {
  // It marks the whole page as signed in, which would change the docs page's other stories.
  tags: ["!autodocs"],
  parameters: { scripts: false, session: "authed" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const trigger = canvas.getByRole("button", { name: fr ? /Essai/ : /Trial/ });
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await expect(canvas.queryByRole("link", { name: fr ? "Se connecter" : "Log in" })).toBeNull();
    const menu = await openMenu(canvasElement, fr ? /Essai/ : /Trial/);
    const items = within(menu).getAllByRole("menuitem");
    await expect(items.map((item) => item.textContent)).toEqual(
      fr ? ["Compte", "Se déconnecter"] : ["Account", "Log out"],
    );
  },
};
