import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../core/passwords.ts";
import { precompressSite } from "./precompress.ts";
import { startServer, type TestServer } from "../testing/start-server.ts";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";

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
  "/login",
  "/fr/login",
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
    // Long enough to be worth compressing, like a real page.
    write(
      `${page}/index.html`,
      `<html lang=${lang}>page ${page}<p>${"Lorem ipsum dolor sit. ".repeat(60)}</p></html>`,
    );
  }
  const switcher =
    '<a hreflang="en" href="/__REQUEST_PATH_EN__?lang=en">EN</a><a hreflang="fr" href="/__REQUEST_PATH_FR__?lang=fr">FR</a>';
  write(
    "__not-found/index.html",
    `<html lang=en>${switcher}<h1 aria-label="Page not found: __REQUEST_PATH__">Page not found: <span data-request-path="" class="wrap"><span>__REQUEST_PATH__</span></span></h1></html>`,
  );
  write("fr/__not-found/index.html", "<html lang=fr><h1>Page introuvable : __REQUEST_PATH__</h1></html>");
  write("fr/__error-404/index.html", "<html lang=fr><p>Page introuvable : __REQUEST_PATH__</p></html>");
  write(
    "__error-404/index.html",
    `<html lang=en><p>Page Not Found: __REQUEST_PATH__</p>${"<p>Back home</p>".repeat(40)}</html>`,
  );
  write("sitemap.xml", "<urlset/>");
  write("fr/sitemap.xml", "<urlset/>");
  write("blog/rss.xml", "<rss/>");
  write("robots.txt", "User-agent: *");
  write("search/docs-en.json", "{}");
  write("guides.data", "[]");
  write("assets/app-123.js", "console.log(1)");
  write("assets/big-1.js", `export const words = ${JSON.stringify("lorem ipsum ".repeat(500))};`);
  write("assets/font-1.woff2", "wOF2" + "x".repeat(2000));
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

const brotliCompressSyncOf = (text: string) => brotliCompressSync(Buffer.from(text));

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

  describe("locale redirects: cookie, then Accept-Language; never away from a French page", () => {
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
      expect((await get("/guides")).headers.get("vary")).toBe("Cookie, Accept-Language, Accept-Encoding");
      expect((await get("/fr/guides")).headers.get("vary")).toBe("Accept-Encoding");
    });
  });

  describe("language links: the choice in `?lang=` becomes the locale cookie, without scripts", () => {
    it.each([
      // [link, expected location]
      ["/guides?lang=en", "/guides"],
      ["/guides?x=1&lang=en", "/guides?x=1"],
      ["/guides?lang=en&x=1&y=a%20b", "/guides?x=1&y=a%20b"],
      ["/fr/guides?lang=fr", "/fr/guides"],
      ["/?lang=en", "/"],
      ["/fr?lang=fr", "/fr"],
      ["/fr/docs?lang=en", "/fr/docs"],
      ["/fr/fr/docs/account?lang=fr", "/fr/fr/docs/account"],
      ["/login?lang=en", "/login"],
      ["/nope?lang=en", "/nope"],
    ])("%s sets the cookie and reloads %s", async (link, location) => {
      const res = await get(link, { "accept-language": "fr-FR" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(location);
      const locale = new URLSearchParams(link.split("?")[1]).get("lang");
      expect(res.headers.get("set-cookie")).toBe(
        `i18n_redirected=${locale}; Max-Age=31536000; Path=/; SameSite=Lax`,
      );
      expect(res.headers.get("cache-control")).toBe("no-store");
    });

    it("a French browser that chose English stays in English: the cookie wins over Accept-Language", async () => {
      const headers = { "accept-language": "fr-FR,fr;q=0.9" };
      const chosen = await get("/guides?x=1&lang=en", headers);
      const cookie = chosen.headers.get("set-cookie")!.split(";")[0]!;
      for (const page of [chosen.headers.get("location")!, "/roadmap", "/fr/docs"]) {
        const res = await get(page, { ...headers, cookie });
        expect(res.status, page).not.toBe(302);
      }
      // Without the choice, the same browser is sent to French.
      expect((await get("/guides", headers)).headers.get("location")).toBe("/fr/guides");
    });

    it.each(["/guides?lang=de", "/guides?lang=", "/guides?language=en", "/guides?lang=EN"])(
      "%s chooses nothing: the page, no cookie",
      async (link) => {
        const res = await get(link);
        expect(res.status).toBe(200);
        expect(res.headers.get("set-cookie")).toBeNull();
      },
    );

    it("only pages take a choice: files, .data and POST are left alone", async () => {
      for (const file of ["/robots.txt?lang=en", "/guides.data?lang=fr"]) {
        const res = await get(file);
        expect(res.status, file).toBe(200);
        expect(res.headers.get("set-cookie"), file).toBeNull();
      }
      const post = await fetch(`${server.url}/fr/guides?lang=en`, {
        method: "POST",
        redirect: "manual",
        headers: { "user-agent": browser },
      });
      expect(post.status).toBe(303);
      expect(post.headers.get("set-cookie")).toBeNull();
    });

    // [request target as sent, status, Location]: a page's path made same-origin, or no redirect.
    it.each([
      ["//evil.example/guides?lang=en", 302, "/evil.example/guides"],
      ["///evil.example/x?lang=fr", 302, "/evil.example/x"],
      ["/.//evil.example/x?lang=en", 302, "/evil.example/x"],
      ["/%2F%2Fevil.example/x?lang=en", 302, "/%2F%2Fevil.example/x"],
      ["/https://evil.example/guides?lang=en", 302, "/https://evil.example/guides"],
      ["/guides?lang=en&next=https://evil.example", 302, "/guides?next=https://evil.example"],
      ["https://evil.example/guides?lang=en", 302, "/guides"],
      ["//evil.example?lang=en", 404, undefined],
      ["/https://evil.example?lang=en", 404, undefined],
      ["/\\evil.example/x?lang=en", 400, undefined],
    ] as const)("%s never leads off the site (%i %s)", async (rawPath, status, location) => {
      const res = await raw(rawPath);
      expect(res.status).toBe(status);
      expect(res.headers.location).toBe(location);
      if (location === undefined) return;
      for (const base of ["https://lumen.example/", "https://lumen.example/fr/guides"]) {
        expect(new URL(location, base).host, location).toBe("lumen.example");
      }
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
      const en = await get("/no/such/<page>");
      expect(en.status).toBe(404);
      const enHtml = await en.text();
      expect(enHtml).toContain('aria-label="Page not found: /no/such/&#60;page&#62;"');
      // Written as the boxes it may wrap between, so that it breaks only after a slash without scripts.
      expect(enHtml).toContain(
        '<span data-request-path="" class="wrap"><span>/no/</span><span>such/</span><span>&#60;page&#62;</span></span>',
      );
      // The language switcher leads to the visitor's path in each language, never to the 404 page.
      expect(enHtml).toContain('<a hreflang="fr" href="/fr/no/such/&#60;page&#62;?lang=fr">');
      expect(enHtml).toContain('<a hreflang="en" href="/no/such/&#60;page&#62;?lang=en">');
      const fr = await get("/fr/nulle-part");
      expect(fr.status).toBe(404);
      expect(await fr.text()).toContain("Page introuvable : /fr/nulle-part");
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

  it("sends a form posted without the app back to its page, never echoing what was sent", async () => {
    for (const page of ["/login", "/fr/login?redirect=%2Faccount"]) {
      const res = await fetch(server.url + page, {
        method: "POST",
        redirect: "manual",
        headers: { "user-agent": browser, "content-type": "application/x-www-form-urlencoded" },
        body: "email=someone%40example.com&password=hunter2-secret",
      });
      expect(res.status, page).toBe(303);
      expect(res.headers.get("location"), page).toBe(page);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = await res.text();
      expect(body).not.toContain("hunter2");
      expect(body).not.toContain("someone");
    }
    const missing = await fetch(server.url + "/no-such-page", {
      method: "POST",
      headers: { "user-agent": browser },
    });
    expect(missing.status).toBe(404);
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

  /** A request sent exactly as written (fetch would normalise the path and decompress the body). */
  const raw = (rawPath: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(server.url + "/", {
          method,
          path: rawPath,
          headers: { "user-agent": browser, ...headers },
        });
        req.on("response", (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on("error", reject);
        req.end();
      },
    );

  describe("compressed serving", () => {
    const decode = (res: Awaited<ReturnType<typeof raw>>) =>
      res.headers["content-encoding"] === "br"
        ? brotliDecompressSync(res.body)
        : res.headers["content-encoding"] === "gzip"
          ? gunzipSync(res.body)
          : res.body;

    it.each([
      ["br, gzip", "br"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["x-gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["br;q=0.5, gzip;q=0.8", "gzip"],
      ["*", "br"],
      ["*;q=0.1, br;q=0", "gzip"],
      ["br;q=0, gzip;q=0", undefined],
      ["compress, zstd", undefined],
      ["identity", undefined],
      ["", undefined],
    ])("Accept-Encoding %j answers %s, the same page once decoded", async (acceptEncoding, expected) => {
      const identity = await raw("/guides", { "accept-encoding": "identity" });
      const res = await raw("/guides", acceptEncoding ? { "accept-encoding": acceptEncoding } : {});
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(expected);
      expect(res.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(decode(res).toString()).toBe(identity.body.toString());
      if (expected) expect(res.body.length).toBeLessThan(identity.body.length / 3);
    });

    it("compresses scripts, stylesheets and data, and leaves fonts and images as they are", async () => {
      const script = await raw("/assets/big-1.js", { "accept-encoding": "br" });
      expect(script.headers["content-encoding"]).toBe("br");
      expect(script.headers.vary).toBe("Accept-Encoding");
      const font = await raw("/assets/font-1.woff2", { "accept-encoding": "br, gzip" });
      expect(font.headers["content-encoding"]).toBeUndefined();
      expect(font.headers["content-type"]).toBe("font/woff2");
    });

    it("sends a strong ETag per form and 304 when the browser has that form", async () => {
      const br = await raw("/guides", { "accept-encoding": "br" });
      const gzip = await raw("/guides", { "accept-encoding": "gzip" });
      const etag = String(br.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(gzip.headers.etag).not.toBe(etag);
      const cached = await raw("/guides", { "accept-encoding": "br", "if-none-match": etag });
      expect(cached.status).toBe(304);
      expect(cached.body.length).toBe(0);
      expect(cached.headers.etag).toBe(etag);
      expect((await raw("/guides", { "accept-encoding": "br", "if-none-match": `W/${etag}` })).status).toBe(
        304,
      );
      expect((await raw("/guides", { "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(200);
      expect((await raw("/guides", { "if-none-match": '"stale"' })).status).toBe(200);
    });

    it("answers HEAD with the headers of GET and no body", async () => {
      const get = await raw("/fr/guides", { "accept-encoding": "br" });
      const head = await raw("/fr/guides", { "accept-encoding": "br" }, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-length"]).toBe(String(get.body.length));
      expect(head.headers.etag).toBe(get.headers.etag);
      expect(head.headers["content-encoding"]).toBe("br");
    });

    it("compresses the error page that names the visitor's path", async () => {
      const res = await raw("/fr/docs/no-such-doc", { "accept-encoding": "gzip" });
      expect(res.status).toBe(404);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(decode(res).toString()).toContain("Page Not Found: /fr/docs/no-such-doc");
    });

    it("uses the forms the build wrote, and keeps serving from memory once the folder is gone", async () => {
      const dir = fakeSite();
      precompressSite(dir);
      // A build's own brotli file wins over compressing at start: mark it to see which one is sent.
      writeFileSync(path.join(dir, "robots.txt.br"), brotliCompressSyncOf("from the build"));
      const copy = mkdtempSync(path.join(tmpdir(), "site-copy-"));
      cpSync(dir, copy, { recursive: true });
      const own = await startServer({ siteDir: copy });
      try {
        rmSync(copy, { recursive: true, force: true });
        const robots = await fetch(`${own.url}/robots.txt`, { headers: { "accept-encoding": "br" } });
        expect(await robots.text()).toBe("from the build");
        const page = await fetch(`${own.url}/fr/guides`, { headers: { "user-agent": browser } });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("page /fr/guides<");
      } finally {
        await own.close();
      }
    });
  });

  it("gives every page a Content-Security-Policy that allows exactly its own inline scripts", async () => {
    const dir = fakeSite();
    const inline = "document.documentElement.dataset.ok = '1'";
    writeFileSync(
      path.join(dir, "cgu", "index.html"),
      `<html lang=en><p>page /cgu</p><script>${inline}</script><script type="module" src="/assets/app-123.js"></script></html>`,
    );
    const own = await startServer({ siteDir: dir });
    try {
      const res = await fetch(`${own.url}/cgu`, { headers: { "user-agent": browser } });
      const csp = String(res.headers.get("content-security-policy"));
      expect(res.headers.get("permissions-policy")).toContain("camera=()");
      const hash = createHash("sha256").update(inline).digest("base64");
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(csp.split("; ")).toEqual(
        expect.arrayContaining([
          "default-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "frame-ancestors 'none'",
          "form-action 'self'",
        ]),
      );
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      // The error page built per request gets the policy of its own HTML.
      const missing = await fetch(`${own.url}/fr/docs/nope`, { headers: { "user-agent": browser } });
      expect(missing.headers.get("content-security-policy")).toContain("default-src 'self'");
      // Files that are not pages need none.
      const asset = await fetch(`${own.url}/assets/app-123.js`);
      expect(asset.headers.get("content-security-policy")).toBeNull();
    } finally {
      await own.close();
    }
  });

  describe("redirects stay on this site, and odd paths are 404s", () => {
    it.each([
      ["//evil.example/", "/evil.example"],
      ["//evil.example//", "/evil.example"],
      ["/.//evil.example/", "/evil.example"],
      ["/%2F%2Fevil.example/", "/%2F%2Fevil.example"],
      ["///fr/", "/fr"],
    ])("a trailing slash on %s redirects to the same-origin path %s", async (rawPath, location) => {
      const res = await raw(rawPath);
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(location);
      expect(new URL(String(res.headers.location), "https://lumen.example").host).toBe("lumen.example");
    });

    // Every Location and every link of the answer, followed from a page of this site, stays on it.
    it.each([
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "/\\/evil.example/",
      "//evil.example/phish/",
      "/.//evil.example/",
      "/..//evil.example/",
      "/%2e//evil.example/",
      "/%2e%2e//evil.example",
      "/a/..//evil.example/",
      "/%5C%5Cevil.example/",
      "/fr//evil.example",
      "/docs//evil.example",
      "/community//evil.example",
    ])("%s: no redirect and no link of the answer leads off the site", async (rawPath) => {
      const res = await raw(rawPath);
      expect(res.status).toBeLessThan(500);
      const targets = [
        ...(res.headers.location ? [String(res.headers.location)] : []),
        ...[...res.body.toString().matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&#92;", "\\")),
      ];
      for (const target of targets) {
        expect(target, target).toMatch(/^\/(?![/\\])/);
        expect(new URL(target, "https://lumen.example/x/y").host, target).toBe("lumen.example");
      }
    });

    it("never sends a path with a backslash off-site", async () => {
      const res = await raw("/\\evil.example/");
      expect(res.status).not.toBe(500);
      expect(res.headers.location ?? "/x").toMatch(/^\/[^/\\]/);
    });

    it.each([
      "/docs/%0d%0aSet-Cookie:%20x=1/",
      "/fr/%0d%0aLocation:%20https://evil.example/",
      "/%00/",
      "/%c0%ae%c0%ae/",
      "/%E0%A4%A",
      "/fr/__not-found",
      "/fr/__error-404",
      "/__not-found/x",
    ])("%s is the site's 404 page, never a 500, a redirect or another page", async (rawPath) => {
      const res = await raw(rawPath);
      expect(res.status).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.body.toString()).toMatch(/not found|introuvable/);
    });

    it("marks the locale redirect as private and varying with the visitor's language", async () => {
      const res = await get("/guides", { cookie: "i18n_redirected=fr" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/fr/guides");
      expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
    });
  });

  it("answers a page while a hundred password hashes wait for the hashing threads", async () => {
    let done = 0;
    const hashes = Array.from({ length: 100 }, () => hashPassword("a long password", 10).then(() => done++));
    const page = await get("/fr/guides");
    const api = await get("/api/health");
    expect(page.status).toBe(200);
    expect(api.status).toBe(200);
    // Both answered while most hashes were still queued: pages do not wait behind hashing.
    expect(done).toBeLessThan(50);
    await Promise.all(hashes);
  }, 60_000);
});
