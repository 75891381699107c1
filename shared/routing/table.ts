import type { Locale } from "../i18n/locales.ts";
import { localizePath } from "../i18n/paths.ts";
import { siteConfig } from "../site-config.ts";
import type { PageDef, ResourceDef, RouteRule } from "./types.ts";

/**
 * The docs search's page (English path; `/fr/fr/docs/search` in French): prerendered with an empty
 * box, answered by the server with the results for `?q=` (server/site/docs-search.ts). It shadows
 * the doc of that slug, so no doc may be named `search` (src/content/load.server.ts).
 */
export const docsSearchPath = "/fr/docs/search";

/**
 * Every page of the site (English paths; each also exists under `/fr`, see docs/product.md,
 * Routes). Adding a page is one row here plus its route module; a markdown page of `pages/` reuses
 * `routes/content-page.tsx` with `content: "page"`.
 */
export const pages: readonly PageDef[] = [
  { id: "home", path: "/", file: "routes/home.tsx", content: "home" },
  { id: "guides", path: "/guides", file: "routes/guides.tsx", content: "guides" },
  { id: "roadmap", path: "/roadmap", file: "routes/roadmap.tsx" },
  { id: "known-issues", path: "/known-issues", file: "routes/known-issues.tsx" },
  { id: "blog", path: "/blog", file: "routes/blog.tsx" },
  { id: "blog-post", path: "/blog/*", file: "routes/blog-post.tsx" },
  { id: "cgu", path: "/cgu", file: "routes/content-page.tsx", content: "page" },
  { id: "mentions", path: "/mentions", file: "routes/content-page.tsx", content: "page" },
  { id: "privacy-policy", path: "/privacy-policy", file: "routes/content-page.tsx", content: "page" },
  {
    id: "politique-de-confidentialite",
    path: "/politique-de-confidentialite",
    file: "routes/content-page.tsx",
    content: "page",
  },
  { id: "cgv", path: "/cgv", file: "routes/content-page.tsx", content: "page" },
  { id: "accessibility", path: "/accessibility", file: "routes/content-page.tsx", content: "page" },
  { id: "discord", path: "/discord", file: "routes/discord.tsx", content: "page" },
  { id: "test", path: "/test", file: "routes/test.tsx", content: "page", indexable: false },
  { id: "test-lottie", path: "/test-lottie", file: "routes/test-lottie.tsx", indexable: false },
  // Decoys for scanners: bare pages (no site shell), noindex, no JavaScript, no form.
  { id: "wp-admin", path: "/wp-admin", file: "routes/wp-admin.tsx", layout: "none", indexable: false },
  { id: "wp-login", path: "/wp-login", file: "routes/wp-login.tsx", layout: "none", indexable: false },
  // Extra paths for the English pages, canonical to the unprefixed ones.
  { id: "en-guides", path: "/en/guides", file: "routes/guides.tsx", content: "guides", canonical: "/guides" },
  { id: "en-roadmap", path: "/en/roadmap", file: "routes/roadmap.tsx", canonical: "/roadmap" },
  {
    id: "en-known-issues",
    path: "/en/known-issues",
    file: "routes/known-issues.tsx",
    canonical: "/known-issues",
  },
  // Kept on purpose: the documentation's and the "more" page's English paths start with /fr.
  { id: "docs", path: "/fr/docs", file: "routes/docs-index.tsx", layout: "docs", content: "docs" },
  {
    id: "docs-search",
    path: docsSearchPath,
    file: "routes/docs-search.tsx",
    layout: "docs",
    content: "docs",
    indexable: false,
  },
  { id: "docs-item", path: "/fr/docs/*", file: "routes/docs-item.tsx", layout: "docs" },
  { id: "more", path: "/fr/more", file: "routes/content-page.tsx", content: "page" },
  // Account pages: prerendered shells that check the session in the browser.
  { id: "signup", path: "/signup", file: "routes/account/signup.tsx", middleware: ["auth-pocketbase"] },
  { id: "login", path: "/login", file: "routes/account/login.tsx", middleware: ["auth-pocketbase"] },
  {
    id: "account",
    path: "/account",
    file: "routes/account/account.tsx",
    middleware: ["auth-pocketbase", "auth"],
    indexable: false,
  },
  // "Cancel my subscription" in every footer: after sign-in if needed, the cancellation page.
  {
    id: "cancel-subscription",
    path: "/cancel-subscription",
    file: "routes/account/cancel-subscription.tsx",
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
  // The superuser dashboard (PocketBase's path): prerendered shells; its layout asks for a
  // superuser session of its own and shows the superuser sign-in form until there is one.
  ...(
    [
      // With its trailing slash: React Router names the data file of a path `/_` `/_.data`, which
      // is the home page's; `/_/` gets `/_/_.data`. The server serves it at `/_`.
      ["dashboard-overview", "/_/", "overview"],
      ["dashboard-users", "/_/users", "users"],
      ["dashboard-user", "/_/user", "user"],
      ["dashboard-superusers", "/_/superusers", "superusers"],
      ["dashboard-backups", "/_/backups", "backups"],
      ["dashboard-logs", "/_/logs", "logs"],
      ["dashboard-settings", "/_/settings", "settings"],
    ] as const
  ).map(([id, path, file]): PageDef => ({
    id,
    path,
    file: `dashboard/routes/${file}.tsx`,
    layout: "dashboard",
    indexable: false,
  })),
];

/** Files generated without a page, prerendered like pages, each in both locales where it has one. */
export const resources = {
  sitemap: { id: "sitemap", file: "routes/sitemap.ts", path: (l) => localizePath("/sitemap.xml", l) },
  rss: { id: "rss", file: "routes/rss.ts", path: (l) => localizePath("/blog/rss.xml", l) },
  searchIndex: { id: "search-index", file: "routes/search-index.ts", path: (l) => `/search/docs-${l}.json` },
  robots: { id: "robots", file: "routes/robots.ts", path: () => "/robots.txt", once: true },
} satisfies Record<string, ResourceDef>;

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

/**
 * Redirects, applied by the server on direct loads (HTTP redirect) and by the client on
 * navigation. A key is an exact path or a prefix ending in `/**` whose rest is carried over to a
 * target ending in `/**`. An absolute target leaves the site with a full page load.
 */
export const routeRules: Record<string, RouteRule> = {
  // The English documentation lives under /fr/docs: the obvious path leads there.
  "/docs": { redirect: { to: "/fr/docs", statusCode: 301 } },
  "/docs/**": { redirect: { to: "/fr/docs/**", statusCode: 301 } },
  "/terms": { redirect: { to: "/cgu", statusCode: 301 } },
  "/fr/terms": { redirect: { to: "/fr/cgu", statusCode: 301 } },
  "/legal": { redirect: { to: "/mentions", statusCode: 301 } },
  "/fr/legal": { redirect: { to: "/fr/mentions", statusCode: 301 } },
  "/terms-of-sale": { redirect: { to: "/cgv", statusCode: 301 } },
  "/fr/terms-of-sale": { redirect: { to: "/fr/cgv", statusCode: 301 } },
  "/privacy": { redirect: { to: "/privacy-policy", statusCode: 301 } },
  "/fr/privacy": { redirect: { to: "/fr/privacy-policy", statusCode: 301 } },
  "/community": { redirect: { to: "/discord" } },
  "/fr/community": { redirect: { to: "/fr/discord" } },
  // Leaves the site: the client does a full page load.
  "/discord/invite": { redirect: { to: siteConfig.discordInvite } },
  "/fr/discord/invite": { redirect: { to: siteConfig.discordInvite } },
};
