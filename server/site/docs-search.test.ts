import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import MiniSearch from "minisearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchIndexOptions, type SearchDocument } from "#shared/docs-search.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";
import { consoleLogger } from "../tools/log.ts";
import { docsSearchPages } from "./docs-search.ts";
import { loadSiteFiles } from "./files.ts";

/** The search box as the build prerenders it (src/widgets/docs-search), with the parts the server fills. */
function searchPage(locale: Locale) {
  const fr = locale === "fr";
  const docs = fr ? "/fr/fr/docs" : "/fr/docs";
  const messages = fr
    ? 'data-msg-none="Aucune page ne correspond à « {query} »." data-msg-count-one="{count} page correspond à « {query} »." data-msg-count-other="{count} pages correspondent à « {query} »." data-msg-error="L’index de recherche n’a pas pu être chargé." data-msg-empty="Saisissez ce que vous cherchez."'
    : 'data-msg-none="No page matches “{query}”." data-msg-count-one="{count} page matches “{query}”." data-msg-count-other="{count} pages match “{query}”." data-msg-error="The search index could not be loaded." data-msg-empty="Type what you are looking for."';
  return `<!DOCTYPE html><html lang="${locale}"><body><main><h1>Search</h1><search id="docs-search" data-slot="docs-search" data-index-url="/search/docs-${locale}.json" data-locale="${locale}" data-result-href="${docs}/{slug}" ${messages}><form action="${docs}/search" method="get"><label for="i">Search</label><input id="i" type="search" name="q" class="x"/><button type="submit">Go</button></form><p id="s" aria-live="polite" class="status">${fr ? "Saisissez ce que vous cherchez." : "Type what you are looking for."}</p><ul hidden="" aria-label="Results"></ul><template><li><a class="r"><span data-field="title" class="t"></span><span data-field="description" class="d"></span></a></li></template></search></main>${"<p>Lorem ipsum dolor sit amet.</p>".repeat(30)}</body></html>`;
}

const documents: Record<Locale, SearchDocument[]> = {
  en: [
    {
      id: "a",
      slug: "account",
      anchor: "",
      title: "Your account",
      section: "",
      text: "Sign up and sign in.",
    },
    {
      id: "a#2",
      slug: "account",
      anchor: "two-factor-sign-in",
      title: "Your account",
      section: "Two-factor sign-in",
      text: "A code from an authenticator app.",
    },
    {
      id: "b#c",
      slug: "plans-and-billing",
      anchor: "cancelling",
      title: "Plans and billing",
      section: "Cancelling",
      text: "Cancellation takes effect at the end of the month.",
    },
  ],
  fr: [
    {
      id: "b#y",
      slug: "plans-and-billing",
      anchor: "passer-du-mensuel-à-lannuel",
      title: "Formules et facturation",
      section: "Passer du mensuel à l’annuel",
      text: "Téléchargez vos factures.",
    },
    {
      id: "b#r",
      slug: "plans-and-billing",
      anchor: "résiliation",
      title: "Formules et facturation",
      section: "Résiliation",
      text: "La résiliation prend effet à la fin du mois.",
    },
    {
      id: "a#2",
      slug: "account",
      anchor: "connexion-en-deux-étapes",
      title: "Votre compte",
      section: "Connexion en deux étapes",
      text: "Un code de votre application.",
    },
  ],
};

function site({ withFrenchIndex = true } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "site-search-"));
  const write = (rel: string, body: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), body);
  };
  write("fr/docs/search/index.html", searchPage("en"));
  write("fr/fr/docs/search/index.html", searchPage("fr"));
  write("fr/docs/account/index.html", "<html lang=en><p>A doc page</p></html>");
  for (const locale of withFrenchIndex ? (["en", "fr"] as const) : (["en"] as const)) {
    const index = new MiniSearch<SearchDocument>(searchIndexOptions(locale));
    index.addAll(documents[locale]);
    write(`search/docs-${locale}.json`, JSON.stringify(index));
  }
  write("builds/latest.json", JSON.stringify({ id: "b1", timestamp: 1 }));
  write(
    "builds/meta/b1.json",
    JSON.stringify({
      id: "b1",
      timestamp: 1,
      prerendered: [],
      routeRules: { "/docs/**": { redirect: { to: "/fr/docs/**", statusCode: 301 } } },
    }),
  );
  return dir;
}

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** The results list of a page: [href, title] of each link. */
const results = (html: string) =>
  [
    ...(/<ul[^>]*>(.*?)<\/ul>/.exec(html)?.[1] ?? "").matchAll(/<a href="([^"]*)"[^>]*><span[^>]*>([^<]*)</g),
  ].map(([, href, title]) => [href, title]);
const status = (html: string) => /aria-live="polite"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];

describe("the docs search page, answered by the server", () => {
  let server: TestServer;
  const dir = site({ withFrenchIndex: false });
  beforeAll(async () => {
    server = await startServer({ siteDir: dir });
  });
  afterAll(() => server.close());
  const get = (p: string) =>
    fetch(server.url + p, { redirect: "manual", headers: { "user-agent": browser } });

  it("writes the results of `q` into the English page, the section's heading first", async () => {
    const res = await get("/fr/docs/search?q=2fa");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    expect(results(html)).toEqual([
      ["/fr/docs/account#two-factor-sign-in", "Your account › Two-factor sign-in"],
    ]);
    expect(status(html)).toBe("1 page matches “2fa”.");
    expect(html).toMatch(/<input value="2fa" id="i"/);
    expect(html).not.toMatch(/<ul hidden=""/);
    // The rest of the page is the prerendered one.
    expect(html).toContain("<h1>Search</h1>");
  });

  it("says that no page matches, and keeps the empty box's hint without a query", async () => {
    const none = await (await get("/fr/docs/search?q=zzzz")).text();
    expect(status(none)).toBe("No page matches “zzzz”.");
    expect(results(none)).toEqual([]);
    expect(none).toMatch(/<ul hidden=""/);
    for (const empty of ["/fr/docs/search", "/fr/docs/search?q=", "/fr/docs/search?q=+"]) {
      expect(status(await (await get(empty)).text()), empty).toBe("Type what you are looking for.");
    }
  });

  it("keeps the query through the redirect of the obvious English path", async () => {
    const res = await get("/docs/search?q=annuler");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/fr/docs/search?q=annuler");
    const html = await (await get("/fr/docs/search?q=annuler")).text();
    expect(results(html)[0]).toEqual([
      "/fr/docs/plans-and-billing#cancelling",
      "Plans and billing › Cancelling",
    ]);
  });

  it("gives the box's error when a locale's index cannot be read, and warns once", async () => {
    const html = await (await get("/fr/fr/docs/search?q=annuler")).text();
    expect(status(html)).toBe("L’index de recherche n’a pas pu être chargé.");

    const warnings: string[] = [];
    const log = { ...consoleLogger, warn: (line: string) => warnings.push(line) };
    const files = loadSiteFiles(dir);
    const answer = docsSearchPages(files, log);
    const page = files.get("/fr/fr/docs/search/index.html")!;
    for (const query of ["annuler", "2fa"]) {
      const written = answer("/fr/fr/docs/search", page, new URLSearchParams({ q: query }));
      expect(status(written!.forms.identity!.body.toString("utf8"))).toBe(
        "L’index de recherche n’a pas pu être chargé.",
      );
    }
    expect(warnings).toEqual([
      "Docs search: /search/docs-fr.json cannot be read (no such file in the site); the search page says so.",
    ]);
  });

  it("leaves other pages' queries alone", async () => {
    const html = await (await get("/fr/docs/account?q=2fa")).text();
    expect(html).toBe("<html lang=en><p>A doc page</p></html>");
  });
});

describe("the French docs search page", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ siteDir: site() });
  });
  afterAll(() => server.close());

  it("finds the cancellation section first for “annuler”, in French, accents or not", async () => {
    for (const query of ["annuler", "resilier", "R%C3%A9siliation"]) {
      const res = await fetch(`${server.url}/fr/fr/docs/search?q=${query}`, {
        headers: { "user-agent": browser },
      });
      const html = await res.text();
      expect(results(html)[0], query).toEqual([
        "/fr/fr/docs/plans-and-billing#résiliation",
        "Formules et facturation › Résiliation",
      ]);
      expect(status(html)).toBe(`1 page correspond à « ${decodeURIComponent(query)} ».`);
    }
  });

  it("reads at most 200 characters of a query, and escapes it", async () => {
    const res = await fetch(
      `${server.url}/fr/fr/docs/search?q=${encodeURIComponent(`"><script>${"x".repeat(300)}`)}`,
      {
        headers: { "user-agent": browser },
      },
    );
    const html = await res.text();
    expect(html).not.toContain("<script>");
    expect(html).toContain(`<input value="&quot;&gt;&lt;script&gt;${"x".repeat(190)}"`);
  });
});
