import { locales, type Locale } from "./i18n/locales.ts";
import { basePath, localeOfPath, localizePath } from "./i18n/paths.ts";
import { siteConfig } from "./site-config.ts";

/** Which shell a page renders in (SPEC §2: default and documentation). */
export type LayoutName = "default" | "docs" | "none";

/** The route middleware names of SPEC §2; src/lib/route-middleware.ts implements them. */
export const middlewareNames = ["admin", "auth", "auth-pocketbase"] as const;
export type MiddlewareName = (typeof middlewareNames)[number];

/**
 * A public page: its English path (SPEC §2), its route module, the locales it exists in.
 * The path may end in `/*` (a catch-all, validated by its route module) or hold `:param` segments.
 */
export type PageDef = {
  id: string;
  path: string;
  file: string;
  layout?: LayoutName;
  locales?: readonly Locale[];
  /** The English path of the page this one duplicates (`/en/guides` → `/guides`). */
  canonical?: string;
  /** Route middleware run before the page renders, by name (unknown names fail the build). */
  middleware?: readonly string[];
  /** `false` for pages search engines must not index (decoys, test pages): `noindex`, no sitemap. */
  indexable?: boolean;
};

/**
 * Every page of SPEC §2 (English paths; each also exists under `/fr`). Issue 6's account pages
 * (`/signup`, `/login`, `/account`, …) are one line each here, e.g.
 * `{ id: "account", path: "/account", file: "routes/account.tsx", middleware: ["auth"] }`.
 */
export const pages: readonly PageDef[] = [
  { id: "home", path: "/", file: "routes/home.tsx" },
  { id: "guides", path: "/guides", file: "routes/guides.tsx" },
  { id: "roadmap", path: "/roadmap", file: "routes/roadmap.tsx" },
  { id: "known-issues", path: "/known-issues", file: "routes/known-issues.tsx" },
  { id: "blog", path: "/blog", file: "routes/blog.tsx" },
  { id: "blog-post", path: "/blog/*", file: "routes/blog-post.tsx" },
  { id: "cgu", path: "/cgu", file: "routes/content-page.tsx" },
  { id: "mentions", path: "/mentions", file: "routes/content-page.tsx" },
  { id: "privacy-policy", path: "/privacy-policy", file: "routes/content-page.tsx" },
  {
    id: "politique-de-confidentialite",
    path: "/politique-de-confidentialite",
    file: "routes/content-page.tsx",
  },
  { id: "discord", path: "/discord", file: "routes/discord.tsx" },
  { id: "test", path: "/test", file: "routes/test.tsx", indexable: false },
  { id: "test-lottie", path: "/test-lottie", file: "routes/test-lottie.tsx", indexable: false },
  // Decoys for scanners: bare pages (no site shell), noindex, no JavaScript, no form.
  { id: "wp-admin", path: "/wp-admin", file: "routes/wp-admin.tsx", layout: "none", indexable: false },
  { id: "wp-login", path: "/wp-login", file: "routes/wp-login.tsx", layout: "none", indexable: false },
  // SPEC §2: extra paths for the English pages, canonical to the unprefixed ones.
  { id: "en-guides", path: "/en/guides", file: "routes/guides.tsx", canonical: "/guides" },
  { id: "en-roadmap", path: "/en/roadmap", file: "routes/roadmap.tsx", canonical: "/roadmap" },
  {
    id: "en-known-issues",
    path: "/en/known-issues",
    file: "routes/known-issues.tsx",
    canonical: "/known-issues",
  },
  // SPEC §2 quirk: the documentation and "more" pages' English paths start with /fr.
  { id: "docs", path: "/fr/docs", file: "routes/docs-index.tsx", layout: "docs" },
  { id: "docs-item", path: "/fr/docs/*", file: "routes/docs-item.tsx", layout: "docs" },
  { id: "more", path: "/fr/more", file: "routes/content-page.tsx" },
  // Account pages (issue 6): prerendered shells that check the session in the browser.
  { id: "signup", path: "/signup", file: "routes/account/signup.tsx", middleware: ["auth-pocketbase"] },
  { id: "login", path: "/login", file: "routes/account/login.tsx", middleware: ["auth-pocketbase"] },
  {
    id: "account",
    path: "/account",
    file: "routes/account/account.tsx",
    middleware: ["auth-pocketbase", "auth"],
    indexable: false,
  },
  {
    id: "verify-email",
    path: "/verify-email",
    file: "routes/account/verify-email.tsx",
    middleware: ["auth-pocketbase"],
    indexable: false,
  },
  {
    id: "forgot-password",
    path: "/forgot-password",
    file: "routes/account/forgot-password.tsx",
    indexable: false,
  },
  {
    id: "reset-password",
    path: "/reset-password",
    file: "routes/account/reset-password.tsx",
    indexable: false,
  },
  {
    id: "confirm-email-change",
    path: "/confirm-email-change",
    file: "routes/account/confirm-email-change.tsx",
    middleware: ["auth-pocketbase"],
    indexable: false,
  },
  {
    id: "admin",
    path: "/admin",
    file: "routes/account/admin.tsx",
    middleware: ["auth-pocketbase", "admin"],
    indexable: false,
  },
];

/** Prerendered, never linked: what the server answers a path no route matches (status 404). */
export const notFoundPath = "/__not-found";
/** Prerendered, never linked: the error page the server answers a failed route validation with. */
export const errorPath = "/__error-404";
/** Replaced by the server with the requested path in the prerendered 404 pages. */
export const requestPathPlaceholder = "__REQUEST_PATH__";
/**
 * Replaced by the server with the requested path in `locale` (the 404 pages' language switcher).
 * It is a path itself, so that links keep it whole; the server replaces all of it.
 */
export const localizedRequestPathPlaceholder = (locale: Locale) =>
  `/__REQUEST_PATH_${locale.toUpperCase()}__`;
/** Whether a path is one of the prerendered 404 pages (never a page a visitor is sent to). */
export const isNotFoundPage = (path: string) => [notFoundPath, errorPath].includes(basePath(path));

/** Files generated without a page, each in both locales where it has a locale. */
export const resourcePaths = {
  sitemap: (locale: Locale) => localizePath("/sitemap.xml", locale),
  rss: (locale: Locale) => localizePath("/blog/rss.xml", locale),
  searchIndex: (locale: Locale) => `/search/docs-${locale}.json`,
  robots: () => "/robots.txt",
};

/** Route rules (SPEC §2 "redirect according to route rules"), shipped in builds/meta/{buildId}.json. */
export type RouteRule = { redirect: { to: string; statusCode?: 301 | 302 | 307 | 308 } };

/**
 * Applied by the server on direct loads (HTTP redirect) and by the client on navigation. A key is
 * an exact path or a prefix ending in `/**` whose rest is carried over to a target ending in `/**`.
 * An absolute target leaves the site with a full page load.
 */
export const routeRules: Record<string, RouteRule> = {
  // English documentation lives under /fr/docs (SPEC quirk): the obvious path leads there.
  "/docs": { redirect: { to: "/fr/docs", statusCode: 301 } },
  "/docs/**": { redirect: { to: "/fr/docs/**", statusCode: 301 } },
  "/terms": { redirect: { to: "/cgu", statusCode: 301 } },
  "/fr/terms": { redirect: { to: "/fr/cgu", statusCode: 301 } },
  "/legal": { redirect: { to: "/mentions", statusCode: 301 } },
  "/fr/legal": { redirect: { to: "/fr/mentions", statusCode: 301 } },
  "/privacy": { redirect: { to: "/privacy-policy", statusCode: 301 } },
  "/fr/privacy": { redirect: { to: "/fr/privacy-policy", statusCode: 301 } },
  "/community": { redirect: { to: "/discord" } },
  "/fr/community": { redirect: { to: "/fr/discord" } },
  // Leaves the site: the client does a full page load.
  "/discord/invite": { redirect: { to: siteConfig.discordInvite } },
  "/fr/discord/invite": { redirect: { to: siteConfig.discordInvite } },
};

/** Splits a path into its segments (`/a/b` → `["a", "b"]`, `/` → `[]`). */
function segments(path: string) {
  return path.split("/").filter(Boolean);
}

/** Matches a route path (`:param` segments, optional trailing `/*`) against a URL path. */
export function matchRoutePath(pattern: string, pathname: string): Record<string, string> | null {
  const want = segments(pattern);
  const have = segments(pathname);
  const splat = want[want.length - 1] === "*";
  const fixed = splat ? want.slice(0, -1) : want;
  if (splat ? have.length < fixed.length : have.length !== fixed.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of fixed.entries()) {
    const value = have[i]!;
    if (part.startsWith(":")) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  if (splat) params["*"] = have.slice(fixed.length).join("/");
  return params;
}

export type PageMatch = { page: PageDef; locale: Locale; path: string; params: Record<string, string> };

/** Every route path of every page in every locale. */
export function localizedPages(): PageMatch[] {
  return pages.flatMap((page) =>
    (page.locales ?? locales).map((locale) => ({
      page,
      locale,
      path: localizePath(page.path, locale),
      params: {},
    })),
  );
}

/**
 * The page a URL path belongs to, the way the router ranks them: the route with the most fixed
 * segments wins over a catch-all. `null` for a path no page matches (the non-fatal 404).
 */
export function matchPage(pathname: string): PageMatch | null {
  let best: PageMatch | null = null;
  let bestScore = -1;
  for (const candidate of localizedPages()) {
    const params = matchRoutePath(candidate.path, pathname);
    if (!params) continue;
    const score = segments(candidate.path).filter((s) => s !== "*").length * 2 + ("*" in params ? 0 : 1);
    if (score > bestScore) {
      best = { ...candidate, params };
      bestScore = score;
    }
  }
  if (best && localeOfPath(pathname) !== best.locale) return null;
  return best;
}

/** Paths of every page without parameters, in each of its locales, plus the 404 pages. */
export function staticPrerenderPaths(): string[] {
  const pagePaths = localizedPages()
    .filter(({ page }) => !page.path.includes("*") && !page.path.includes(":"))
    .map(({ path }) => path);
  const special = locales.flatMap((locale) => [
    localizePath(notFoundPath, locale),
    localizePath(errorPath, locale),
  ]);
  const resources = [
    resourcePaths.robots(),
    ...locales.flatMap((locale) => [
      resourcePaths.sitemap(locale),
      resourcePaths.rss(locale),
      resourcePaths.searchIndex(locale),
    ]),
  ];
  return [...pagePaths, ...special, ...resources];
}
