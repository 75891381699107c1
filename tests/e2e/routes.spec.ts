import { expect, test } from "./fixtures.ts";
import { defaultAlternates, siteRoutes } from "./site-routes.ts";

const origin = "https://lumen.example";
const pathOf = (href: string | null) => (href?.startsWith(origin) ? href.slice(origin.length) || "/" : href);

/** The SEO tags of the page as rendered. */
async function seoOf(page: import("@playwright/test").Page) {
  return page.evaluate(() => ({
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    alternates: Object.fromEntries(
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute("hreflang"),
        l.getAttribute("href"),
      ]),
    ) as Record<string, string>,
    ogLocale: document.querySelector('meta[property="og:locale"]')?.getAttribute("content") ?? null,
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute("content") ?? null,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
  }));
}

for (const route of siteRoutes) {
  test(`${route.path}: 200, lang ${route.lang}, title, h1, SEO tags`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", route.lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
    await expect(page).toHaveTitle(/\S/);
    const seo = await seoOf(page);
    expect(seo.description?.length, "meta description").toBeGreaterThan(10);
    expect(pathOf(seo.canonical)).toBe(route.canonical ?? route.path);
    expect(seo.ogUrl).toBe(seo.canonical);
    const alternates = Object.fromEntries(Object.entries(seo.alternates).map(([k, v]) => [k, pathOf(v)]));
    expect(alternates).toEqual(route.alternates ?? defaultAlternates(route));
    // og:locale is the language of the content shown (the French-only page shows French).
    const contentLang = ["/fr/more", "/politique-de-confidentialite"].includes(route.path)
      ? "fr"
      : route.lang;
    expect(seo.ogLocale).toBe(contentLang === "fr" ? "fr_FR" : "en_US");
    expect(seo.robots).toBe(route.noindex ? "noindex, nofollow" : null);
    // The page has settled without errors (the fixture fails the test on any console error).
    await page.waitForLoadState("networkidle");
  });
}

test("hreflang alternates are reciprocal across the whole site", async ({ request }) => {
  const tags = (html: string, rel: string) =>
    [...html.matchAll(/<link ([^>]*)\/?>/g)]
      .map((m) => m[1]!)
      .filter((attrs) => attrs.includes(`rel="${rel}"`))
      .map((attrs) => ({
        lang: /hrefLang="([^"]+)"/i.exec(attrs)?.[1],
        href: /href="([^"]+)"/.exec(attrs)![1]!,
      }));
  const alternatesOf = new Map<string, { lang?: string; href: string }[]>();
  const canonicalOf = new Map<string, string>();
  for (const route of siteRoutes) {
    const html = await (await request.get(route.path)).text();
    alternatesOf.set(
      route.path,
      tags(html, "alternate").filter((t) => t.lang),
    );
    canonicalOf.set(route.path, tags(html, "canonical")[0]!.href);
  }
  for (const route of siteRoutes) {
    const own = canonicalOf.get(route.path)!;
    for (const { lang, href } of alternatesOf.get(route.path)!) {
      if (lang === "x-default") continue;
      // The alternate is a page of the site, canonical to itself, and points back to this page's canonical.
      const target = pathOf(href)!;
      expect(canonicalOf.get(target), `${route.path} → ${lang} ${target}`).toBe(href);
      const back = alternatesOf.get(target)!.map((t) => t.href);
      expect(back, `${target} lists ${own}`).toContain(own);
    }
  }
});

test("the sitemaps list each locale's pages with alternates, and robots.txt names them", async ({
  request,
}) => {
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml\nSitemap: ${origin}/fr/sitemap.xml`);

  const en = await request.get("/sitemap.xml");
  expect(en.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const enXml = await en.text();
  const fr = await (await request.get("/fr/sitemap.xml")).text();
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => pathOf(m[1]!));
  expect(locs(enXml)).toEqual(
    expect.arrayContaining(["/", "/guides", "/fr/docs", "/fr/docs/account", "/blog/2026/launch-week"]),
  );
  expect(locs(fr)).toEqual(
    expect.arrayContaining(["/fr", "/fr/guides", "/fr/fr/docs", "/fr/fr/more", "/fr/blog/2026/launch-week"]),
  );
  for (const hidden of ["/wp-admin", "/test", "/test-lottie", "/en/guides", "/fr/more"])
    expect(locs(enXml)).not.toContain(hidden);
  expect(locs(fr)).not.toContain("/fr/wp-login");
  expect(enXml).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${origin}/fr/guides"/>`);
  expect(fr).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/fr/fr/more"/>`);
});

test("each locale has an RSS feed of its blog", async ({ request, page }) => {
  for (const [feed, lang] of [
    ["/blog/rss.xml", "en-US"],
    ["/fr/blog/rss.xml", "fr-FR"],
  ] as const) {
    const response = await request.get(feed);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain(`<language>${lang}</language>`);
    expect(xml.match(/<item>/g)?.length).toBeGreaterThanOrEqual(3);
    expect(xml).toContain("/blog/2026/launch-week</link>");
  }
  await page.goto("/fr/blog");
  await expect(page.getByRole("link", { name: "S’abonner par RSS" })).toHaveAttribute(
    "href",
    "/fr/blog/rss.xml",
  );
});

test("a page missing in one locale shows the other locale's content with a notice", async ({ page }) => {
  for (const [english, french] of [
    ["/fr/more", "/fr/fr/more"],
    ["/politique-de-confidentialite", "/fr/politique-de-confidentialite"],
  ]) {
    await page.goto(english!);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("note")).toHaveText(
      "This page is not available in English yet. It is shown in French.",
    );
    await expect(page.locator("article [data-slot=prose]")).toHaveAttribute("lang", "fr");
    await page.goto(french!);
    await expect(page.getByRole("note")).toHaveCount(0);
  }
});

test("every page has its own social preview image, and the site its home-screen icons", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/fr/roadmap", "/fr/docs/account", "/blog/2026/launch-week", "/signup"]) {
    await page.goto(path);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const served = await request.get(new URL(image!).pathname);
    expect(served.status(), image!).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
  }
  await page.goto("/");
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect((await request.get(touchIcon!)).headers()["content-type"]).toBe("image/png");
  const manifest = await (
    await request.get((await page.locator('link[rel="manifest"]').getAttribute("href"))!)
  ).json();
  for (const icon of manifest.icons as { src: string }[])
    expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});
