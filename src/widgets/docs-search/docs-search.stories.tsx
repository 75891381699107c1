import { I18nProvider, useLingui } from "@lingui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import MiniSearch from "minisearch";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { writeDocsSearch } from "#shared/docs-search-html.ts";
import { searchDocs, searchIndexOptions, type SearchDocument } from "#shared/docs-search.ts";
import { enhanceDocsSearch } from "#src/enhance/docs-search.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { DocsSearch } from "./docs-search.tsx";
import docs from "./docs-search.docs.md?raw";

/** A page's introduction as the build indexes it: its description, then its text. */
const doc = (slug: string, title: string, description: string, text: string): SearchDocument => ({
  id: slug,
  slug,
  anchor: "",
  title,
  section: "",
  text: `${description} ${text}`,
});

/** A section of a page, under its heading. */
const section = (slug: string, title: string, anchor: string, heading: string, text: string) => ({
  id: `${slug}#${anchor}`,
  slug,
  anchor,
  title,
  section: heading,
  text,
});

/** What the build indexes, in each locale (three docs mention the password, one the invoices). */
const documents: Record<Locale, SearchDocument[]> = {
  en: [
    doc(
      "getting-started",
      "Getting started",
      "Install Lumen and sign in for the first time.",
      "Download the app for Android or your TV, then sign in with your email and password.",
    ),
    doc(
      "account",
      "Your account",
      "Sign up, verify your email and edit your profile.",
      "Change your name or your password at any time from your profile.",
    ),
    doc(
      "troubleshooting",
      "Troubleshooting",
      "What to do when something goes wrong.",
      "Forgot your password? Reset it from the sign-in page. Playback problems: restart the app.",
    ),
    doc(
      "billing",
      "Billing",
      "Plans, invoices and refunds.",
      "Download each invoice from your account page.",
    ),
    section(
      "billing",
      "Billing",
      "cancelling",
      "Cancelling",
      "Cancellation takes effect at the end of the month already paid.",
    ),
  ],
  fr: [
    doc(
      "getting-started",
      "Premiers pas",
      "Installez Lumen et connectez-vous pour la première fois.",
      "Téléchargez l’application pour Android ou votre téléviseur, puis connectez-vous avec votre e-mail et votre mot de passe.",
    ),
    doc(
      "account",
      "Votre compte",
      "Inscrivez-vous, vérifiez votre e-mail et modifiez votre profil.",
      "Changez votre nom ou votre mot de passe à tout moment depuis votre profil.",
    ),
    doc(
      "troubleshooting",
      "Dépannage",
      "Que faire quand quelque chose ne va pas.",
      "Mot de passe oublié ? Réinitialisez-le depuis la page de connexion. Problèmes de lecture : redémarrez l’application.",
    ),
    doc(
      "billing",
      "Facturation",
      "Formules, factures et remboursements.",
      "Téléchargez chaque facture depuis la page de votre compte.",
    ),
    section(
      "billing",
      "Facturation",
      "résiliation",
      "Résiliation",
      "La résiliation prend effet à la fin du mois déjà payé.",
    ),
  ],
};

/** The index the build writes. */
function indexOf(locale: Locale) {
  const index = new MiniSearch<SearchDocument>(searchIndexOptions(locale));
  index.addAll(documents[locale]);
  return index;
}

/** The index file the build writes, for `/search/{anything}-{locale}.json`. */
const indexJson = (locale: Locale) => JSON.stringify(indexOf(locale));

/** The stubbed index server: what it was asked, whether it fails, and a gate holding its answers. */
const server = {
  requests: [] as string[],
  failing: false,
  gate: Promise.resolve(),
  release: () => {},
  /** Holds every answer until `release()`, to look at the loading state. */
  hold() {
    server.gate = new Promise((resolve) => (server.release = resolve));
  },
};

/**
 * A page's search box as the build prerendered it: HTML only, no React behind it; with `query`, the
 * search page's box with the results the server wrote in for it.
 */
function PrerenderedSearch({ indexUrl, query }: { indexUrl: string; query?: string }) {
  const { i18n } = useLingui();
  const prerendered = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <DocsSearch searchPage={query !== undefined} />
    </I18nProvider>,
  ).replace(/ data-index-url="[^"]*"/, ` data-index-url="${indexUrl}"`);
  const locale = i18n.locale === "fr" ? "fr" : "en";
  const html =
    query === undefined
      ? prerendered
      : writeDocsSearch(prerendered, { query, hits: searchDocs(indexOf(locale), query, locale) });
  return <div className="max-w-xl p-6" dangerouslySetInnerHTML={{ __html: html }} />;
}

const meta = {
  title: "Widgets/DocsSearch",
  component: DocsSearch,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } }, path: "/fr/docs" },
  render: () => (
    <div className="max-w-xl p-6">
      <DocsSearch />
    </div>
  ),
  beforeEach: () => {
    const realFetch = globalThis.fetch;
    Object.assign(server, { requests: [], failing: false, gate: Promise.resolve() });
    globalThis.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const locale = /^\/search\/[\w-]+-(en|fr)\.json$/.exec(new URL(url, location.href).pathname)?.[1];
      if (!locale) return realFetch(input, init);
      server.requests.push(url);
      await server.gate;
      if (server.failing) return new Response("Unavailable", { status: 503 });
      return new Response(indexJson(locale as Locale), { headers: { "Content-Type": "application/json" } });
    };
    return () => {
      globalThis.fetch = realFetch;
    };
  },
} satisfies Meta<typeof DocsSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The parts of a rendered search box. */
function parts(canvasElement: HTMLElement, fr: boolean) {
  const canvas = within(canvasElement);
  const root = canvasElement.querySelector<HTMLElement>("search[data-slot=docs-search]")!;
  return {
    root,
    input: canvas.getByRole<HTMLInputElement>("searchbox", {
      name: fr ? "Rechercher dans la documentation" : "Search the documentation",
    }),
    status: root.querySelector("[aria-live]")!,
    list: root.querySelector("ul")!,
    spinner: root.querySelector<HTMLElement>("[data-slot=spinner]")!,
    /** The result links: [title, description, href] each. */
    results: () =>
      [...root.querySelectorAll("ul a")].map((a) => [
        a.querySelector("[data-field=title]")?.textContent,
        a.querySelector("[data-field=description]")?.textContent,
        a.getAttribute("href"),
      ]),
  };
}

const nbsp = "\u00a0";
const quoted = (fr: boolean, query: string) => (fr ? `«${nbsp}${query}${nbsp}»` : `“${query}”`);

/**
 * The live component (Storybook, or a page that hydrates): the first focus loads the module and the
 * index (spinner), what was typed meanwhile is searched as soon as it arrives, then every keystroke.
 */
export const Search: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { root, input, status, list, spinner, results } = parts(canvasElement, fr);
    await expect(input).toHaveAttribute(
      "placeholder",
      fr ? `Ex.${nbsp}: mot de passe, Android` : "E.g. password, Android",
    );
    await expect(status).toBeEmptyDOMElement();
    await expect(list).not.toBeVisible();
    await expect(spinner).not.toBeVisible();
    await expect(server.requests).toEqual([]);

    server.hold();
    await userEvent.click(input);
    await waitFor(() => expect(spinner).toBeVisible());
    await expect(root).toHaveAttribute("data-enhanced", "true");
    await expect(server.requests).toEqual([`/search/docs-${globals.locale}.json`]);
    // Typed while loading: nothing to say yet, and the first query never shows once the index is in.
    await userEvent.type(input, "zzzz");
    await userEvent.clear(input);
    const many = fr ? "mot de passe" : "password";
    await userEvent.type(input, many);
    await expect(status).toBeEmptyDOMElement();
    server.release();

    await waitFor(() =>
      expect(status.textContent).toBe(
        fr ? `3 pages correspondent à ${quoted(fr, many)}.` : `3 pages match ${quoted(fr, many)}.`,
      ),
    );
    await expect(spinner).not.toBeVisible();
    await expect(canvasElement.querySelector("ul")?.getAttribute("aria-label")).toBe(
      fr ? "Résultats de recherche" : "Search results",
    );
    // Every link stays in the page's locale.
    const docs = fr ? "/fr/fr/docs" : "/fr/docs";
    await expect(results().map(([, , href]) => href)).toEqual(
      expect.arrayContaining([`${docs}/getting-started`, `${docs}/account`, `${docs}/troubleshooting`]),
    );
    await expect(results()).toHaveLength(3);

    // Accents do not matter; a single result takes the singular.
    await userEvent.clear(input);
    const one = fr ? "depannage" : "invóice";
    await userEvent.type(input, one);
    await waitFor(() =>
      expect(status.textContent).toBe(
        fr ? `1 page correspond à ${quoted(fr, one)}.` : `1 page matches ${quoted(fr, one)}.`,
      ),
    );
    await expect(results()).toEqual([
      fr
        ? // The title holds the word; the snippet shows a synonym the text holds.
          ["Dépannage", expect.stringContaining("Problèmes de lecture"), `${docs}/troubleshooting`]
        : ["Billing", expect.stringContaining("Plans, invoices and refunds."), `${docs}/billing`],
    ]);

    await userEvent.clear(input);
    await userEvent.type(input, "zzzz");
    await expect(status.textContent).toBe(
      fr ? `Aucune page ne correspond à ${quoted(fr, "zzzz")}.` : `No page matches ${quoted(fr, "zzzz")}.`,
    );
    await expect(list).not.toBeVisible();

    await userEvent.clear(input);
    await expect(status).toBeEmptyDOMElement();
    await expect(list).not.toBeVisible();

    await userEvent.type(input, many);
    await expect(results()).toHaveLength(3);
    await expect(server.requests).toHaveLength(1);
  },
};

/**
 * A prerendered page that never hydrates: the page's loader calls enhanceDocsSearch on the first
 * focus; calling it again changes nothing.
 */
export const Prerendered: Story = {
  render: (_args, { globals }) => (
    <PrerenderedSearch indexUrl={`/search/prerendered-${String(globals.locale)}.json`} />
  ),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { root, input, status, results } = parts(canvasElement, fr);
    await expect(root).not.toHaveAttribute("data-enhanced");
    input.addEventListener("focus", () => enhanceDocsSearch(root), { once: true });

    await userEvent.click(input);
    await expect(root).toHaveAttribute("data-enhanced", "true");
    const query = fr ? "facture" : "invoice";
    await userEvent.type(input, query);
    await waitFor(() => expect(results()).toHaveLength(1));
    await expect(results()[0]).toEqual(
      fr
        ? ["Facturation", expect.stringContaining("factures"), "/fr/fr/docs/billing"]
        : ["Billing", expect.stringContaining("invoices"), "/fr/docs/billing"],
    );
    await expect(status.textContent).toBe(
      fr ? `1 page correspond à ${quoted(fr, query)}.` : `1 page matches ${quoted(fr, query)}.`,
    );

    // A second call neither reloads nor re-reads the box (which would empty the results).
    input.value = "";
    enhanceDocsSearch(root);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(results()).toHaveLength(1);
    await expect(server.requests).toEqual([`/search/prerendered-${globals.locale}.json`]);
    input.value = query;
  },
};

/** The index cannot be loaded: the error replaces the status line, and typing tries again. */
export const LoadError: Story = {
  render: (_args, { globals }) => (
    <PrerenderedSearch indexUrl={`/search/error-${String(globals.locale)}.json`} />
  ),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { root, input, status, list, spinner } = parts(canvasElement, fr);
    const error = fr
      ? "L’index de recherche n’a pas pu être chargé. Vérifiez votre connexion et réessayez."
      : "The search index could not be loaded. Check your connection and try again.";
    server.failing = true;
    enhanceDocsSearch(root);
    await expect(spinner).toBeVisible();
    await waitFor(() => expect(status).toHaveTextContent(error));
    await expect(spinner).not.toBeVisible();
    // One GET retried once on a 503.
    await expect(server.requests).toHaveLength(2);

    await userEvent.type(input, "a");
    await waitFor(() => expect(server.requests).toHaveLength(4));
    await waitFor(() => expect(status).toHaveTextContent(error));
    await expect(list).not.toBeVisible();
  },
};

/** After an error, coming back to the box reloads the index and searches what it holds. */
export const RetryOnFocus: Story = {
  render: (_args, { globals }) => (
    <PrerenderedSearch indexUrl={`/search/retry-${String(globals.locale)}.json`} />
  ),
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { root, input, status, results } = parts(canvasElement, fr);
    server.failing = true;
    input.addEventListener("focus", () => enhanceDocsSearch(root), { once: true });
    await userEvent.type(input, fr ? "mot de passe" : "password");
    await waitFor(() => expect(status).toHaveTextContent(fr ? "L’index de recherche" : "The search index"));

    server.failing = false;
    input.blur();
    await userEvent.click(input);
    await waitFor(() => expect(results()).toHaveLength(3));
    await expect(status).toHaveTextContent(fr ? "3 pages correspondent" : "3 pages match");
  },
};

/**
 * A word finds its family ("résilier" finds "résiliation", "cancel" finds "cancelling"), and the
 * result names and links the section that matched, with the words around the match.
 */
export const SectionWithSnippet: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { input, results } = parts(canvasElement, fr);
    await userEvent.type(input, fr ? "résilier" : "cancel");
    await waitFor(() => expect(results()).toHaveLength(1));
    await expect(results()[0]).toEqual(
      fr
        ? [
            "Facturation › Résiliation",
            "La résiliation prend effet à la fin du mois déjà payé.",
            "/fr/fr/docs/billing#résiliation",
          ]
        : [
            "Billing › Cancelling",
            "Cancellation takes effect at the end of the month already paid.",
            "/fr/docs/billing#cancelling",
          ],
    );
  },
};

/**
 * The search page's box, with the results the server wrote in for the query it was sent (scripts
 * off, or sent before they ran). Once the scripts run, the first focus loads the index: the written
 * results stay meanwhile, then the box searches as one types, as everywhere else.
 */
export const WrittenByTheServer: Story = {
  render: (_args, { globals }) => (
    <PrerenderedSearch
      indexUrl={`/search/written-${String(globals.locale)}.json`}
      query={globals.locale === "fr" ? "mot de passe" : "password"}
    />
  ),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const { root, input, status, spinner, results } = parts(canvasElement, fr);
    const query = fr ? "mot de passe" : "password";
    const written = fr
      ? `3 pages correspondent à ${quoted(fr, query)}.`
      : `3 pages match ${quoted(fr, query)}.`;
    await expect(input).toHaveValue(query);
    await expect(status.textContent).toBe(written);
    await expect(results()).toHaveLength(3);

    server.hold();
    input.addEventListener("focus", () => enhanceDocsSearch(root), { once: true });
    await userEvent.click(input);
    await waitFor(() => expect(spinner).toBeVisible());
    await expect(status.textContent).toBe(written);
    await expect(results()).toHaveLength(3);
    server.release();
    await waitFor(() => expect(spinner).not.toBeVisible());
    await expect(status.textContent).toBe(written);

    await userEvent.clear(input);
    await userEvent.type(input, fr ? "facture" : "invoice");
    await waitFor(() => expect(results()).toHaveLength(1));
    // The search page's empty box has its hint.
    await userEvent.clear(input);
    await expect(status.textContent).toBe(
      fr
        ? "Saisissez ce que vous cherchez, par exemple «\u202fmot de passe\u202f» ou «\u202ffacture\u202f», puis appuyez sur Entrée."
        : "Type what you are looking for, for example “password” or “invoice”, then press Enter.",
    );
  },
};
