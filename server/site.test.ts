import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServer, type TestServer } from "./testing/start-server.ts";

const pages = [
  "/",
  "/fr",
  "/guides",
  "/fr/guides",
  "/en/guides",
  "/fr/en/guides",
  "/blog",
  "/fr/blog",
  "/blog/2026/launch-week",
  "/fr/blog/2026/launch-week",
  "/fr/docs",
  "/fr/fr/docs",
  "/fr/docs/account",
  "/fr/fr/docs/account",
  "/fr/more",
  "/fr/fr/more",
  "/cgu",
  "/fr/cgu",
];

function fakeSite() {
  const dir = mkdtempSync(path.join(tmpdir(), "site-"));
  const write = (rel: string, body: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), body);
  };
  for (const page of pages) {
    const lang =
      page === "/fr" || (page.startsWith("/fr/") && !/^\/fr\/(docs|more)/.test(page)) ? "fr" : "en";
    write(`${page}/index.html`, `<html lang=${lang}>page ${page}</html>`);
  }
  write("__not-found/index.html", "<html lang=en>not found</html>");
  write("fr/__not-found/index.html", "<html lang=fr>introuvable</html>");
  write("__error-404/index.html", "<html lang=en><p>Page Not Found: __REQUEST_PATH__</p></html>");
  write("fr/__error-404/index.html", "<html lang=fr><p>Page introuvable : __REQUEST_PATH__</p></html>");
  write("sitemap.xml", "<urlset/>");
  write("fr/sitemap.xml", "<urlset/>");
  write("blog/rss.xml", "<rss/>");
  write("robots.txt", "User-agent: *");
  write("search/docs-en.json", "{}");
  write("guides.data", "[]");
  write("assets/app-123.js", "console.log(1)");
  write("builds/latest.json", JSON.stringify({ id: "b1", timestamp: 1 }));
  write(
    "builds/meta/b1.json",
    JSON.stringify({
      id: "b1",
      timestamp: 1,
      prerendered: pages,
      routeRules: {
        "/terms": { redirect: { to: "/cgu", statusCode: 301 } },
        "/docs/**": { redirect: { to: "/fr/docs/**", statusCode: 301 } },
        "/community": { redirect: { to: "/discord" } },
        "/chat": { redirect: { to: "https://discord.gg/lumen" } },
      },
    }),
  );
  return dir;
}

describe("one process serves the site and the API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ siteDir: fakeSite() });
  });
  afterAll(() => server.close());

  // Node's fetch calls itself "node", which isbot counts as a bot: act as a browser unless told otherwise.
  const browser =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(server.url + p, { redirect: "manual", headers: { "user-agent": browser, ...headers } });

  it("answers the health check like PocketBase, through the official SDK", async () => {
    const pb = new PocketBase(server.url);
    await expect(pb.health.check()).resolves.toEqual({ message: "API is healthy.", code: 200, data: {} });
  });

  it("answers unknown API routes with PocketBase's 404 envelope and security headers", async () => {
    const res = await get("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      data: {},
      message: "The requested resource wasn't found.",
      status: 404,
    });
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it.each(pages)("serves the prerendered page %s", async (page) => {
    const res = await get(page);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toContain(`page ${page}<`);
  });

  it.each([
    ["/sitemap.xml", "application/xml; charset=utf-8"],
    ["/fr/sitemap.xml", "application/xml; charset=utf-8"],
    ["/blog/rss.xml", "application/rss+xml; charset=utf-8"],
    ["/robots.txt", "text/plain; charset=utf-8"],
    ["/search/docs-en.json", "application/json"],
    ["/builds/latest.json?1700000000000", "application/json"],
    ["/guides.data", "text/x-script"],
  ])("serves %s as %s", async (file, type) => {
    const res = await get(file);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
  });

  describe("locale redirects (SPEC §4): cookie, then Accept-Language; never away from a French page", () => {
    it.each([
      // [path, cookie, accept-language, expected status, expected location]
      ["/", "", "fr-FR,fr;q=0.9,en;q=0.8", 302, "/fr"],
      ["/guides", "", "fr-CA", 302, "/fr/guides"],
      ["/guides?x=1", "i18n_redirected=fr", "en-US", 302, "/fr/guides?x=1"],
      ["/blog/2026/launch-week", "i18n_redirected=fr", "", 302, "/fr/blog/2026/launch-week"],
      ["/fr/docs", "i18n_redirected=fr", "", 302, "/fr/fr/docs"],
      ["/fr/docs/account", "", "fr", 302, "/fr/fr/docs/account"],
      ["/en/guides", "", "fr", 302, "/fr/en/guides"],
      ["/guides", "i18n_redirected=en", "fr", 200, null],
      ["/guides", "", "en-GB,fr;q=0.5", 200, null],
      ["/guides", "", "de-DE", 200, null],
      ["/guides", "", "", 200, null],
      ["/fr/guides", "i18n_redirected=en", "en-US", 200, null],
      ["/fr", "i18n_redirected=en", "en", 200, null],
      ["/fr/fr/docs", "i18n_redirected=en", "en", 200, null],
      ["/fr/more", "i18n_redirected=en", "fr", 200, null],
      // no French page to go to: stay
      ["/nope", "i18n_redirected=fr", "fr", 404, null],
    ] as const)(
      "%s with cookie %j and Accept-Language %j → %i %s",
      async (page, cookie, language, status, location) => {
        const headers: Record<string, string> = {};
        if (cookie) headers.cookie = cookie;
        if (language) headers["accept-language"] = language;
        const res = await get(page, headers);
        expect(res.status).toBe(status);
        expect(res.headers.get("location")).toBe(location);
      },
    );

    it("never loops: following every redirect ends on a page within one hop", async () => {
      for (const page of pages) {
        for (const cookie of ["", "i18n_redirected=fr", "i18n_redirected=en"]) {
          for (const language of ["", "fr", "en", "de"]) {
            const headers = { cookie, "accept-language": language };
            const first = await get(page, headers);
            if (first.status !== 302) continue;
            const second = await get(first.headers.get("location")!, headers);
            expect(second.status, `${page} ${cookie} ${language}`).toBe(200);
          }
        }
      }
    });

    it("marks unprefixed pages as varying with the visitor's language", async () => {
      expect((await get("/guides")).headers.get("vary")).toBe("Cookie, Accept-Language");
      expect((await get("/fr/guides")).headers.get("vary")).toBeNull();
    });
  });

  describe("route rules from builds/meta/{buildId}.json", () => {
    it.each([
      ["/terms", 301, "/cgu"],
      ["/terms?ref=x", 301, "/cgu?ref=x"],
      ["/docs/account", 301, "/fr/docs/account"],
      ["/community", 302, "/discord"],
      ["/chat", 302, "https://discord.gg/lumen"],
    ])("redirects %s with %i to %s", async (page, status, location) => {
      const res = await get(page);
      expect(res.status).toBe(status);
      expect(res.headers.get("location")).toBe(location);
    });
  });

  describe("404s", () => {
    it("answers a failed route validation with the error page naming the path, escaped", async () => {
      for (const [page, text] of [
        ["/fr/docs/a/b", "Page Not Found: /fr/docs/a/b"],
        ["/fr/docs/no-such-doc", "Page Not Found: /fr/docs/no-such-doc"],
        ["/blog/no-such-post", "Page Not Found: /blog/no-such-post"],
        ["/fr/fr/docs/x", "Page introuvable : /fr/fr/docs/x"],
        ["/fr/docs/%3Cscript%3E", "Page Not Found: /fr/docs/&#60;script&#62;"],
      ]) {
        const res = await get(page!);
        expect(res.status, page).toBe(404);
        expect(await res.text(), page).toContain(text);
      }
    });

    it("answers a path no route matches with the layout's not-found page of its locale", async () => {
      const en = await get("/no/such/page");
      expect(en.status).toBe(404);
      expect(await en.text()).toContain("not found");
      const fr = await get("/fr/nulle-part");
      expect(fr.status).toBe(404);
      expect(await fr.text()).toContain("introuvable");
      expect((await get("/__not-found")).status).toBe(404);
      expect((await get("/__error-404")).status).toBe(404);
    });

    it("answers a missing .data file (client navigation) with a plain 404", async () => {
      const res = await get("/fr/docs/nope.data?_routes=x");
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("Page Not Found: /fr/docs/nope");
    });

    it("does not render the error page for bots, and logs the 404", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const googlebot = {
        "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      };
      for (const page of ["/fr/docs/a/b", "/nope"]) {
        const res = await get(page, googlebot);
        expect(res.status).toBe(404);
        const body = await res.text();
        expect(body).not.toContain("Page Not Found");
        expect(body).not.toContain("not found");
        expect(body.length).toBeLessThan(200);
      }
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
        "404 Page Not Found: /fr/docs/a/b (bot, error page not rendered)",
        "404 Page not found: /nope (bot, error page not rendered)",
      ]);
      warn.mockRestore();
    });
  });

  it("redirects a trailing slash to the canonical path", async () => {
    const res = await get("/fr/?a=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/fr?a=1");
  });

  it("caches hashed assets for a year and never serves outside the site folder", async () => {
    const asset = await get("/assets/app-123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await get("/..%2f..%2fetc%2fpasswd")).status).toBe(404);
  });
});
