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
import { DocsSearch } from "../widgets/docs-search/docs-search.tsx";

function render(locale: Locale) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === "fr" ? fr : en } });
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <DocsSearch />
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
