import type { Locale } from "../i18n/locales.ts";

/**
 * Which shell a page renders in: the site's default layout, the documentation's, the superuser
 * dashboard's (its own session and navigation, no site header), or none (decoys).
 */
export type LayoutName = "default" | "docs" | "dashboard" | "none";

/** The route middleware a page may name (`src/routing/middleware.ts` runs them). */
export const middlewareNames = ["admin", "auth", "auth-pocketbase"] as const;
export type MiddlewareName = (typeof middlewareNames)[number];

/**
 * Where a page's content comes from, so the sitemap and the language links know which locales
 * really have it: the home page, the guides index, the documentation index, or `pages/{id}.md`.
 * A page without content (account pages, charts built from data) exists in every locale.
 */
export type ContentSource = "home" | "guides" | "docs" | "page";

/**
 * A page: its English path, its route module, the locales it exists in. The path may end in `/*`
 * (a catch-all, validated by its route module) or hold `:param` segments.
 */
export type PageDef = {
  id: string;
  path: string;
  file: string;
  layout?: LayoutName;
  locales?: readonly Locale[];
  /** Where its content comes from (see `ContentSource`). */
  content?: ContentSource;
  /** The English path of the page this one duplicates (`/en/guides` → `/guides`). */
  canonical?: string;
  /** Route middleware run before the page renders, by name (unknown names fail the build). */
  middleware?: readonly string[];
  /** `false` for pages search engines must not index (decoys, test pages): `noindex`, no sitemap. */
  indexable?: boolean;
};

/** A generated file (sitemap, feed, search index): a route module and its path in a locale. */
export type ResourceDef = {
  id: string;
  file: string;
  path: (locale: Locale) => string;
  /** Files that exist once, whatever the language (`/robots.txt`). */
  once?: boolean;
};

/** A redirect rule, shipped to the browser in `builds/meta/{buildId}.json`. */
export type RouteRule = { redirect: { to: string; statusCode?: 301 | 302 | 307 | 308 } };

/** `builds/latest.json`: the newest build deployed. */
export type LatestBuild = { id: string; timestamp: number };
/** `builds/meta/{buildId}.json`: one build's route rules and the paths it prerendered. */
export type BuildMeta = LatestBuild & { routeRules: Record<string, RouteRule>; prerendered: string[] };

export type RouteMiddlewareContext = {
  /** The URL being navigated to. */
  url: URL;
  /** Its locale. */
  locale: Locale;
  /** The page it renders. */
  page: PageDef;
};

/** Returns a path (or absolute URL) to redirect to instead, or nothing to let the page render. */
export type RouteMiddleware = (context: RouteMiddlewareContext) => string | void | Promise<string | void>;
