// The DOM behaviour of enhanceDocsSearch runs in Chromium, in the stories of
// src/widgets/docs-search/docs-search.stories.tsx (no DOM library for Node is installed). This file
// checks the other half of the contract: what the prerendered markup hands the module.
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { messages as en } from "#locales/en/messages.po";
import { messages as fr } from "#locales/fr/messages.po";
import type { Locale } from "#shared/i18n/locales.ts";
import { writeDocsSearch } from "#shared/docs-search-html.ts";
import type { SearchHit } from "#shared/docs-search.ts";
import { DocsSearch, type DocsSearchProps } from "../widgets/docs-search/docs-search.tsx";

function render(locale: Locale, props: DocsSearchProps = {}) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === "fr" ? fr : en } });
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <DocsSearch {...props} />
    </I18nProvider>,
  );
  const root = /<search([^>]*)>/.exec(html)?.[1] ?? "";
  const attributes = Object.fromEntries(
    [...root.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
      name,
      value!.replaceAll("&amp;", "&").replaceAll("&quot;", '"'),
    ]),
  );
  return { html, attributes };
}

const nbsp = "\u00a0";

describe("DocsSearch markup", () => {
  it("hands the search module the English index, links and messages", () => {
    const { html, attributes } = render("en");
    expect(attributes).toMatchObject({
      "data-slot": "docs-search",
      "data-index-url": "/search/docs-en.json",
      "data-locale": "en",
      "data-result-href": "/fr/docs/{slug}",
      "data-msg-error": "The search index could not be loaded. Check your connection and try again.",
      "data-msg-none": "No page matches “{query}”.",
      "data-msg-count-one": "{count} page matches “{query}”.",
      "data-msg-count-other": "{count} pages match “{query}”.",
    });
    expect(Object.keys(attributes).filter((name) => name.startsWith("data-msg-count-"))).toHaveLength(2);
    expect(attributes["data-enhanced"]).toBeUndefined();
    expect(html).toContain('placeholder="E.g. password, Android"');
    expect(html).toContain('aria-label="Search results"');
    expect(html).toMatch(/<ul hidden=""/);
    expect(html).toMatch(/<span data-slot="spinner" role="status"[^>]* hidden=""/);
    // One result, filled by the module: a link holding the title and the description.
    expect(html).toMatch(
      /<template><li><a class="[^"]+"><span data-field="title" class="font-medium"><\/span><span data-field="description" class="[^"]+"><\/span><\/a><\/li><\/template>/,
    );
  });

  it("hands it the French ones, with French typography and links under /fr/fr/docs", () => {
    const { html, attributes } = render("fr");
    expect(attributes).toMatchObject({
      "data-index-url": "/search/docs-fr.json",
      "data-locale": "fr",
      "data-result-href": "/fr/fr/docs/{slug}",
      "data-msg-error": "L’index de recherche n’a pas pu être chargé. Vérifiez votre connexion et réessayez.",
      "data-msg-none": `Aucune page ne correspond à «${nbsp}{query}${nbsp}».`,
      "data-msg-count-one": `{count} page correspond à «${nbsp}{query}${nbsp}».`,
      "data-msg-count-other": `{count} pages correspondent à «${nbsp}{query}${nbsp}».`,
    });
    expect(html).toContain(`placeholder="Ex.${nbsp}: mot de passe, Android"`);
    expect(html).toContain('aria-label="Résultats de recherche"');
    expect(html).toContain("Rechercher dans la documentation</label>");
  });

  it("labels the box and points it at the status line", () => {
    const { html } = render("en");
    const id = /<input[^>]* id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}"`);
    expect(html).toMatch(new RegExp(`<input[^>]* aria-describedby="${id!.replace(/-input$/, "")}-status"`));
    expect(html).toMatch(/<p id="[^"]+-status" aria-live="polite"[^>]*><\/p>/);
  });
});

describe("the search box without JavaScript", () => {
  it("is a GET form to the search page of its locale, with a submit button", () => {
    const english = render("en").html;
    expect(english).toMatch(/<form action="\/fr\/docs\/search" method="get">/);
    expect(english).toMatch(/<input[^>]* name="q"/);
    expect(english).toMatch(/<button[^>]* type="submit"[^>]* aria-label="Search"/);
    const french = render("fr").html;
    expect(french).toMatch(/<form action="\/fr\/fr\/docs\/search" method="get">/);
    expect(french).toMatch(/<button[^>]* type="submit"[^>]* aria-label="Rechercher"/);
  });

  it("gives the search page's box a hint for the empty box, in its status line and for the module", () => {
    const { html, attributes } = render("fr", { searchPage: true });
    const narrow = "\u202f";
    const hint = `Saisissez ce que vous cherchez, par exemple «${narrow}mot de passe${narrow}» ou «${narrow}facture${narrow}», puis appuyez sur Entrée.`;
    expect(attributes["data-msg-empty"]).toBe(hint);
    expect(html).toContain(
      `aria-live="polite" class="mt-2 text-sm text-muted-foreground empty:hidden">${hint}</p>`,
    );
    expect(render("en").attributes["data-msg-empty"]).toBeUndefined();
  });
});

describe("the results the server writes into the box", () => {
  const hits: SearchHit[] = [
    {
      slug: "account",
      anchor: "two-factor-sign-in",
      title: "Your account",
      section: "Two-factor sign-in",
      snippet: "With two-factor sign-in on, <b>your</b> password & a code…",
    },
    { slug: "plans-and-billing", anchor: "", title: "Plans & billing", section: "", snippet: "Plans." },
  ];

  it("fills the field, the status line and one result per hit from the template", () => {
    // A query is written as typed, escaped: quotes, `$&` and markup stay text.
    const html = writeDocsSearch(render("en", { searchPage: true }).html, { query: '2fa "$&" <i>', hits });
    expect(html).toMatch(/<input value="2fa &quot;\$&amp;&quot; &lt;i&gt;"[^>]* name="q"/);
    expect(html).toContain('empty:hidden">2 pages match “2fa "$&amp;" &lt;i&gt;”.</p>');
    expect(html).toMatch(/<ul aria-label="Search results"/);
    const items = [...html.matchAll(/<ul[^>]*>(.*?)<\/ul>/g)][0]?.[1] ?? "";
    expect(items).toMatch(
      /^<li><a href="\/fr\/docs\/account#two-factor-sign-in" class="[^"]+"><span data-field="title" class="font-medium">Your account › Two-factor sign-in<\/span><span data-field="description" class="[^"]+">With two-factor sign-in on, &lt;b&gt;your&lt;\/b&gt; password &amp; a code…<\/span><\/a><\/li>/,
    );
    expect(items).toContain('<a href="/fr/docs/plans-and-billing" class=');
    expect(items).toContain(">Plans &amp; billing</span>");
    // The template stays, for the search module once the page's scripts run.
    expect(html).toMatch(/<template><li><a class="[^"]+"><span data-field="title"/);
  });

  it("says, in French, that no page matches, with the list still hidden", () => {
    const html = writeDocsSearch(render("fr", { searchPage: true }).html, { query: "zzzz", hits: [] });
    expect(html).toContain(`>Aucune page ne correspond à «${nbsp}zzzz${nbsp}».</p>`);
    expect(html).toMatch(/<ul hidden="" aria-label="Résultats de recherche"[^>]*><\/ul>/);
  });

  it("keeps the hint for an empty query, and says when the index could not be read", () => {
    const page = render("en", { searchPage: true }).html;
    expect(writeDocsSearch(page, { query: " ", hits: [] })).toContain(">Type what you are looking for");
    expect(writeDocsSearch(page, { query: "2fa", hits: "error" })).toContain(
      ">The search index could not be loaded. Check your connection and try again.</p>",
    );
    expect(writeDocsSearch("<p>No box here</p>", { query: "2fa", hits })).toBe("<p>No box here</p>");
  });
});
