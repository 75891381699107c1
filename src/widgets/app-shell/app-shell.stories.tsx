import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { AuthStateName } from "#src/auth/auth-fixtures.ts";
import { AppShell } from "./app-shell.tsx";
import { readOnlyArgs } from "#src/ui/story-args.ts";
import docs from "./app-shell.docs.md?raw";

/** Stand-in page body for layout stories. */
function SamplePage() {
  return (
    <article className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-3xl font-bold tracking-tight">
        <Trans>Set up Lumen on your TV</Trans>
      </h1>
      <p className="text-lg text-muted-foreground">
        <Trans>
          Install Stremio, sign in with the credentials from your account page, and start watching.
        </Trans>
      </p>
      <p className="text-muted-foreground">
        <Trans>
          Your credentials work on every device at the same time. If a device asks for a code instead, choose
          “Log in with email” and use the username and password shown on your account page.
        </Trans>
      </p>
    </article>
  );
}

/** The default layout in every account state and on a phone. */
const meta = {
  title: "Layouts/AppShell",
  component: AppShell,
  tags: ["autodocs"],
  args: { children: <SamplePage /> },
  argTypes: readOnlyArgs("children"),
  parameters: {
    docs: { description: { component: docs } },
    path: "/guides",
    // Tall enough for the whole page: screenshots capture the viewport's height only.
    viewport: {
      options: { phone: { name: "Phone", styles: { width: "390px", height: "1300px" }, type: "mobile" } },
    },
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const auth = (name: AuthStateName) => ({ auth: name, path: "/guides" });
const phone = { viewport: { value: "phone", isRotated: false } };
const body = (element: HTMLElement) => within(element.ownerDocument.body);

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const main = canvas.getByRole("navigation", { name: fr ? "Principale" : "Main" });
    await expect(
      within(main).getByRole("link", { name: fr ? "Feuille de route" : "Roadmap" }),
    ).toHaveAttribute("href", fr ? "/fr/roadmap" : "/roadmap");
    // The current page is marked.
    await expect(within(main).getByRole("link", { name: "Guides" })).toHaveAttribute("aria-current", "page");
    // The switcher keeps the current page in the other language; each link carries the choice,
    // which the server remembers when scripts are off.
    await expect(canvas.getByRole("link", { name: "Français" })).toHaveAttribute(
      "href",
      "/fr/guides?lang=fr",
    );
    await expect(canvas.getByRole("link", { name: "English" })).toHaveAttribute("href", "/guides?lang=en");
    await expect(canvas.getByRole("main")).toHaveTextContent(
      fr ? "Installer Lumen sur votre TV" : "Set up Lumen on your TV",
    );
    await expect(canvas.queryByRole("button", { name: fr ? "Ouvrir le menu" : "Open the menu" })).toBeNull();
  },
};

export const FooterLinks: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const legal = within(
      within(canvasElement).getByRole("navigation", { name: fr ? "Informations légales" : "Legal" }),
    );
    const links = legal.getAllByRole("link");
    await expect(links.map((link) => link.getAttribute("href"))).toEqual(
      fr
        ? ["/fr/cgv", "/fr/cgu", "/fr/mentions", "/fr/privacy-policy", "/fr/accessibility"]
        : ["/cgv", "/cgu", "/mentions", "/privacy-policy", "/politique-de-confidentialite", "/accessibility"],
    );
    // The accessibility statement's link says the conformance status, as the RGAA asks.
    await expect(
      legal.getByRole("link", {
        name: fr ? /^Accessibilité\s:\snon conforme$/ : "Accessibility: not compliant",
      }),
    ).toBeVisible();
    // No two links of one name (in French the privacy policy is already the French text).
    const names = links.map((link) => link.textContent);
    await expect(new Set(names).size).toBe(names.length);
    const community = within(
      within(canvasElement).getByRole("navigation", { name: fr ? "Communauté" : "Community" }),
    );
    await expect(community.getByRole("link", { name: "Discord" })).toHaveAttribute(
      "href",
      fr ? "/fr/discord" : "/discord",
    );
    // Cancelling is one link away from every page.
    const subscription = within(
      within(canvasElement).getByRole("navigation", { name: fr ? "Abonnement" : "Subscription" }),
    );
    await expect(
      subscription.getByRole("link", { name: fr ? "Résilier mon abonnement" : "Cancel my subscription" }),
    ).toHaveAttribute("href", fr ? "/fr/cancel-subscription" : "/cancel-subscription");
  },
};

export const SkipLink: Story = {
  play: async ({ canvasElement, globals }) => {
    const skip = within(canvasElement).getByRole("link", {
      name: globals.locale === "fr" ? "Aller au contenu" : "Skip to content",
    });
    await userEvent.tab();
    await expect(skip).toHaveFocus();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute("href", "#main");
  },
};

export const Loading: Story = {
  parameters: auth("Loading"),
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      globals.locale === "fr" ? "Chargement de votre compte" : "Loading your account",
    );
  },
};

export const SignedOut: Story = {
  parameters: auth("SignedOut"),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await expect(
      within(canvasElement).getByRole("link", { name: fr ? "Inscrivez-vous" : "Sign up" }),
    ).toHaveAttribute("href", fr ? "/fr/signup" : "/signup");
  },
};

export const SignedIn: Story = {
  parameters: auth("SignedInTrial"),
  play: async ({ canvasElement, globals }) => {
    await expect(
      await within(canvasElement).findByRole("button", { name: /Camille Martin/ }),
    ).toHaveTextContent(globals.locale === "fr" ? "Essai" : "Trial");
  },
};

export const SignedInPaid: Story = {
  parameters: auth("SignedInPaid"),
  play: async ({ canvasElement, globals }) => {
    await expect(
      await within(canvasElement).findByRole("button", { name: /Camille Martin/ }),
    ).toHaveTextContent(globals.locale === "fr" ? "Payant" : "Paid");
  },
};

export const Unverified: Story = {
  parameters: auth("Unverified"),
  play: async ({ canvasElement, globals }) => {
    await expect(
      within(canvasElement).getByRole("link", {
        name: globals.locale === "fr" ? "Vérifiez votre e-mail" : "Verify your email",
      }),
    ).toBeVisible();
  },
};

export const AuthError: Story = {
  parameters: auth("AuthError"),
  play: async ({ canvasElement, globals }) => {
    await expect(
      await within(canvasElement).findByRole("button", {
        name: globals.locale === "fr" ? "Compte indisponible" : "Account unavailable",
      }),
    ).toBeVisible();
  },
};

export const Phone: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: phone,
  parameters: auth("SignedOut"),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    // The header's navigation, languages and "Log in" move into the menu sheet; the header never wraps.
    await expect(canvas.queryByRole("navigation", { name: fr ? "Principale" : "Main" })).toBeNull();
    await expect(canvas.queryByRole("link", { name: fr ? "Se connecter" : "Log in" })).toBeNull();
    await expect(canvas.getByRole("link", { name: fr ? "Inscrivez-vous" : "Sign up" })).toBeVisible();
    const menuButton = canvas.getByRole("button", { name: fr ? "Ouvrir le menu" : "Open the menu" });
    await expect(menuButton).toBeVisible();
    await expect(menuButton.getBoundingClientRect().top).toBeLessThan(56);
  },
};

export const PhoneMenuOpen: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: phone,
  parameters: auth("SignedOut"),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const menuButton = within(canvasElement).getByRole("button", {
      name: fr ? "Ouvrir le menu" : "Open the menu",
    });
    await userEvent.click(menuButton);
    const sheet = await body(canvasElement).findByRole("dialog", { name: "Menu" });
    const nav = within(sheet).getByRole("navigation", { name: fr ? "Principale" : "Main" });
    await expect(within(nav).getByRole("link", { name: "Guides" })).toHaveAttribute("aria-current", "page");
    await expect(
      within(nav).getByRole("link", { name: fr ? "Problèmes connus" : "Known issues" }),
    ).toHaveAttribute("href", fr ? "/fr/known-issues" : "/known-issues");
    await expect(within(sheet).getByRole("link", { name: fr ? "Se connecter" : "Log in" })).toHaveAttribute(
      "href",
      fr ? "/fr/login" : "/login",
    );
    await expect(within(sheet).getByRole("link", { name: "English" })).toHaveAttribute(
      "href",
      "/guides?lang=en",
    );
    // Choosing a link closes the sheet.
    await userEvent.click(within(nav).getByRole("link", { name: "Blog" }));
    await waitFor(() => expect(body(canvasElement).queryByRole("dialog")).toBeNull());
    await userEvent.click(menuButton);
    await body(canvasElement).findByRole("dialog", { name: "Menu" });
  },
};

export const PhoneSignedIn: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: phone,
  parameters: auth("SignedInPaid"),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: /Camille Martin/ })).toBeVisible();
    await userEvent.click(
      canvas.getByRole("button", { name: globals.locale === "fr" ? "Ouvrir le menu" : "Open the menu" }),
    );
    const sheet = await body(canvasElement).findByRole("dialog", { name: "Menu" });
    // Signed in: no log-in links in the sheet.
    await expect(
      within(sheet).queryByRole("link", { name: globals.locale === "fr" ? "Se connecter" : "Log in" }),
    ).toBeNull();
  },
};

/**
 * A content page on a phone, as prerendered without the app's scripts: the menu is a native
 * popover that opens without JavaScript, with the log-in links until the page script finds a session.
 */
export const ContentPagePhoneMenuOpen: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: phone,
  parameters: { scripts: false },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await userEvent.click(
      within(canvasElement).getByRole("button", { name: fr ? "Ouvrir le menu" : "Open the menu" }),
    );
    const sheet = await body(canvasElement).findByRole("dialog", { name: "Menu" });
    await expect(within(sheet).getByRole("link", { name: fr ? "Se connecter" : "Log in" })).toBeVisible();
    await expect(within(sheet).getByRole("link", { name: "English" })).toBeVisible();
  },
};

/** A content page seen by a visitor with a stored session: the account link, never "Log in". */
export const ContentPageSignedIn: Story = {
  // It marks the whole page as signed in, which would change the docs page's other stories.
  tags: ["!autodocs"],
  parameters: { scripts: false, session: "authed" },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    // The account menu, as on app pages (closed; its button carries the plan).
    await expect(canvas.getByRole("button", { name: fr ? /Essai/ : /Trial/ })).toHaveAttribute(
      "aria-haspopup",
      "menu",
    );
    await expect(canvas.queryByRole("link", { name: fr ? "Se connecter" : "Log in" })).toBeNull();
    await expect(canvas.queryByRole("link", { name: fr ? "Inscrivez-vous" : "Sign up" })).toBeNull();
  },
};
