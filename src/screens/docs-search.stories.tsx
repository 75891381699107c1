import { I18nProvider, useLingui } from "@lingui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import MiniSearch from "minisearch";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, within } from "storybook/test";
import { writeDocsSearch } from "#shared/docs-search-html.ts";
import { searchDocs, searchIndexOptions, type SearchDocument } from "#shared/docs-search.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { docsSearchPath } from "#shared/routing/table.ts";
import { docsIndexFixture } from "../content/fixtures.ts";
import { DocsSearchScreen } from "./docs.tsx";

const section = (slug: string, title: string, anchor: string, heading: string, text: string) => ({
  id: `${slug}#${anchor}`,
  slug,
  anchor,
  title,
  section: heading,
  text,
});

/** Sections of the documentation as the build indexes them. */
const documents: Record<Locale, SearchDocument[]> = {
  en: [
    section(
      "account",
      "Your account",
      "passkeys",
      "Passkeys",
      "A passkey lets you sign in with your fingerprint or your screen lock. Adding one, like turning on two-factor sign-in, asks you to confirm it’s you.",
    ),
    section(
      "account",
      "Your account",
      "two-factor-sign-in",
      "Two-factor sign-in",
      "With two-factor sign-in on, your password alone no longer opens your account: the login page also asks for the six-digit code your authenticator app shows.",
    ),
    section(
      "troubleshooting",
      "Troubleshooting",
      "login-failed",
      "“Login failed”",
      "Check your email address and your Lumen password. With two-factor sign-in on, the code changes every 30 seconds: type the one your app shows now.",
    ),
    section(
      "plans-and-billing",
      "Plans and billing",
      "switching-between-monthly-and-yearly",
      "Switching between monthly and yearly",
      "Use Manage subscription on your Account page to switch to the annual plan and download your invoices.",
    ),
    section(
      "plans-and-billing",
      "Plans and billing",
      "cancelling",
      "Cancelling",
      "Use Cancel my subscription at the bottom of any page. Cancellation takes effect at the end of the month already paid.",
    ),
  ],
  fr: [
    section(
      "account",
      "Votre compte",
      "clés-daccès",
      "Clés d’accès",
      "Une clé d’accès vous connecte avec votre empreinte ou le verrouillage de votre écran. En ajouter une, comme activer la connexion en deux étapes, vous demande de confirmer que c’est vous.",
    ),
    section(
      "account",
      "Votre compte",
      "connexion-en-deux-étapes",
      "Connexion en deux étapes",
      "Avec la connexion en deux étapes, votre mot de passe seul n’ouvre plus votre compte : la page de connexion demande aussi le code à six chiffres de votre application d’authentification.",
    ),
    section(
      "troubleshooting",
      "Dépannage",
      "échec-de-la-connexion",
      "« Échec de la connexion »",
      "Vérifiez votre adresse e-mail et votre mot de passe Lumen. Avec la connexion en deux étapes, le code change toutes les 30 secondes : saisissez celui que votre application affiche.",
    ),
    section(
      "plans-and-billing",
      "Formules et facturation",
      "passer-du-mensuel-à-lannuel",
      "Passer du mensuel à l’annuel",
      "Utilisez Gérer l’abonnement sur votre page Compte pour passer à l’annuel et télécharger vos factures.",
    ),
    section(
      "plans-and-billing",
      "Formules et facturation",
      "résiliation",
      "Résiliation",
      "Utilisez Résilier mon abonnement en bas de n’importe quelle page. La résiliation prend effet à la fin du mois déjà payé.",
    ),
  ],
};

/**
 * The search page as the server sends it: the page the build prerendered (an empty box), with the
 * results of `query` written in by the server's function, over the search the browser also runs.
 */
function ServedSearchPage({ locale, query }: { locale: Locale; query?: string }) {
  const { i18n } = useLingui();
  const prerendered = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[localizePath(docsSearchPath, locale)]}>
        <DocsSearchScreen nav={docsIndexFixture[locale].nav} />
      </MemoryRouter>
    </I18nProvider>,
  );
  const index = new MiniSearch<SearchDocument>(searchIndexOptions(locale));
  index.addAll(documents[locale]);
  const html =
    query === undefined
      ? prerendered
      : writeDocsSearch(prerendered, { query, hits: searchDocs(index, query, locale) });
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}

const locale = (globals: Record<string, unknown>): Locale => (globals.locale === "fr" ? "fr" : "en");

/**
 * The docs search's page (`/fr/docs/search?q=…`, `/fr/fr/docs/search?q=…`), where the search box
 * sends its words without JavaScript: prerendered with an empty box, the server writes in the
 * results of the query (server/site/docs-search.ts).
 */
const meta = {
  title: "Screens/DocsSearch",
  component: DocsSearchScreen,
  args: { nav: docsIndexFixture.en.nav },
  parameters: {
    scripts: false,
    path: docsSearchPath,
    viewport: {
      options: {
        phone: { name: "Phone", styles: { width: "390px", height: "844px" }, type: "mobile" },
        desktop: { name: "Desktop", styles: { width: "1440px", height: "900px" }, type: "desktop" },
      },
    },
  },
  globals: { viewport: { value: "desktop", isRotated: false } },
  render: (_args, { globals }) => <ServedSearchPage locale={locale(globals)} />,
} satisfies Meta<typeof DocsSearchScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The parts of the page a visitor reads. */
function parts(canvasElement: HTMLElement, fr: boolean) {
  const canvas = within(canvasElement);
  return {
    canvas,
    input: canvas.getByRole<HTMLInputElement>("searchbox", {
      name: fr ? "Rechercher dans la documentation" : "Search the documentation",
    }),
    status: canvasElement.querySelector("[aria-live]")!,
    list: canvasElement.querySelector("search ul")!,
    /** The results: [title, href] each. */
    results: () =>
      [...canvasElement.querySelectorAll("search ul a")].map((a) => [
        a.querySelector("[data-field=title]")?.textContent,
        a.getAttribute("href"),
      ]),
  };
}

const narrow = "\u202f";
const nbsp = "\u00a0";

/** No query yet (the page reached without one, or an empty box sent): a hint in the status line. */
export const Empty: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { canvas, input, status, list } = parts(canvasElement, fr);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      fr ? "Rechercher dans la documentation" : "Search the documentation",
    );
    await expect(input).toHaveValue("");
    await expect(status.textContent).toBe(
      fr
        ? `Saisissez ce que vous cherchez, par exemple «${narrow}mot de passe${narrow}» ou «${narrow}facture${narrow}», puis appuyez sur Entrée.`
        : "Type what you are looking for, for example “password” or “invoice”, then press Enter.",
    );
    await expect(list).not.toBeVisible();
    // The box sends its words to this page, in the page's locale.
    await expect(input.form).toHaveAttribute("action", fr ? "/fr/fr/docs/search" : "/fr/docs/search");
    await expect(input.form).toHaveAttribute("method", "get");
    await expect(canvas.getByRole("button", { name: fr ? "Rechercher" : "Search" })).toHaveAttribute(
      "type",
      "submit",
    );
  },
};

/**
 * “2fa”: the section whose heading says “two-factor” comes first, then a page whose text does;
 * one result per page, each linking to its section in the page's locale.
 */
export const Results: Story = {
  render: (_args, { globals }) => <ServedSearchPage locale={locale(globals)} query="2fa" />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { input, status, list, results } = parts(canvasElement, fr);
    await expect(input).toHaveValue("2fa");
    await expect(status.textContent).toBe(
      fr ? `2 pages correspondent à «${nbsp}2fa${nbsp}».` : "2 pages match “2fa”.",
    );
    await expect(list).toBeVisible();
    await expect(results()).toEqual(
      fr
        ? [
            ["Votre compte › Connexion en deux étapes", "/fr/fr/docs/account#connexion-en-deux-étapes"],
            ["Dépannage › « Échec de la connexion »", "/fr/fr/docs/troubleshooting#échec-de-la-connexion"],
          ]
        : [
            ["Your account › Two-factor sign-in", "/fr/docs/account#two-factor-sign-in"],
            ["Troubleshooting › “Login failed”", "/fr/docs/troubleshooting#login-failed"],
          ],
    );
  },
};

/** The same results on a phone: nothing wider than the screen. */
export const ResultsOnAPhone: Story = {
  ...Results,
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async (context) => {
    await Results.play!(context);
    const root = context.canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** “annuler”: the cancellation section, not the yearly plan whose heading looks like the word. */
export const CancellationFirst: Story = {
  render: (_args, { globals }) => <ServedSearchPage locale={locale(globals)} query="annuler" />,
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { results } = parts(canvasElement, fr);
    await expect(results()[0]).toEqual(
      fr
        ? ["Formules et facturation › Résiliation", "/fr/fr/docs/plans-and-billing#résiliation"]
        : ["Plans and billing › Cancelling", "/fr/docs/plans-and-billing#cancelling"],
    );
  },
};

/** Words the documentation does not hold: the status line says so, no list. */
export const NoResult: Story = {
  render: (_args, { globals }) => <ServedSearchPage locale={locale(globals)} query="zzzz" />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { input, status, list } = parts(canvasElement, fr);
    await expect(input).toHaveValue("zzzz");
    await expect(status.textContent).toBe(
      fr ? `Aucune page ne correspond à «${nbsp}zzzz${nbsp}».` : "No page matches “zzzz”.",
    );
    await expect(list).not.toBeVisible();
  },
};
