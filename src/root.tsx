import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { useEffect, useState, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { AuthProvider } from "./auth/auth-provider.tsx";
import { preloadedFonts } from "./fonts.ts";
import { activateLocale, catalogsOfPath } from "./i18n/catalog.ts";
import { defaultLocale } from "../shared/i18n/locales.ts";
import { localeOfPath } from "../shared/i18n/paths.ts";
import { isOutdated, loadBuildMeta } from "./lib/app-updates.ts";
import { appPageScriptSource } from "./enhance/app-page-script.ts";
import { pageScriptSource } from "./enhance/page-script.ts";
import { hasScripts } from "./routing/handle.ts";
import { useHydrated } from "./lib/use-hydrated.ts";
import { ScriptsContext } from "./lib/use-scripts.ts";
import { runRouteMiddleware } from "./routing/middleware.ts";
import { isAbsoluteUrl, matchRouteRule } from "../shared/routing/rules.ts";
import { findRoute } from "../shared/routing/match.ts";
import { NotFoundScreen } from "./screens/not-found.tsx";
import { AppShell } from "./widgets/app-shell/app-shell.tsx";
import { ErrorPage } from "./widgets/error-page/error-page.tsx";
import { NeedsJavaScript } from "./widgets/app-shell/needs-javascript.tsx";

async function loadLocale(request: Request) {
  // Prerendering asks for `/fr.data` (or `/_.data` for the home page): the locale is the page's.
  const pathname = new URL(request.url).pathname.replace(/(\/_)?\.data$/, "") || "/";
  const locale = localeOfPath(pathname);
  await activateLocale(locale, catalogsOfPath(pathname));
  return { locale };
}

export const loader = ({ request }: Route.LoaderArgs) => loadLocale(request);
// Client navigations switch catalogs in the browser; no request for the root's data.
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadLocale(request);

/** Never settles: the page is being replaced by a full load. */
function leave(url: string): Promise<never> {
  window.location.assign(url);
  return new Promise<never>(() => {});
}

/**
 * Every client navigation, before any data loads: a newer build turns it into a full page load
 * (see src/lib/app-updates.ts); a route rule of this build redirects it (an absolute target leaves
 * with a full load); then the target page's named route middleware run.
 */
const navigationMiddleware: Route.ClientMiddlewareFunction = async ({ request, pattern }, next) => {
  const url = new URL(request.url);
  const here = url.pathname + url.search + url.hash;
  if (isOutdated() && here !== window.location.pathname + window.location.search + window.location.hash) {
    return leave(here);
  }
  const meta = await loadBuildMeta();
  const rule = meta ? matchRouteRule(meta.routeRules, url.pathname, url.search) : undefined;
  if (rule) {
    if (rule.external) return leave(rule.to);
    throw redirect(rule.to, rule.statusCode);
  }
  const route = findRoute(pattern);
  if (route?.page) {
    const target = await runRouteMiddleware({ url, locale: route.locale, page: route.page });
    if (target) {
      if (isAbsoluteUrl(target)) return leave(target);
      throw redirect(target);
    }
  }
  await next();
};
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [navigationMiddleware];

// The root's data is the locale and its catalogs: refresh it when a navigation crosses languages,
// or enters or leaves the dashboard.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const catalogs = (url: URL) => `${localeOfPath(url.pathname)} ${catalogsOfPath(url.pathname)}`;
  return catalogs(currentUrl) !== catalogs(nextUrl) || defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  ...preloadedFonts.map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  })),
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  { rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: "Blog (English)" },
  { rel: "alternate", type: "application/rss+xml", href: "/fr/blog/rss.xml", title: "Blog (Français)" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? defaultLocale;
  // Content pages set `handle.scripts = false`: React renders them at build time and they ship
  // without the app's JavaScript, only the small inline page script (session corner, language
  // cookie, docs search on focus). Once the app runs, a client navigation to such a page keeps it.
  const hydrated = useHydrated();
  const scripts = hasScripts(useMatches()) || hydrated;
  return (
    <html lang={locale} className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a0a0b" />
        <Meta />
        <Links />
        {/* Only prerendering writes these (a hydrating page never renders them): the app bundle skips them. */}
        {import.meta.env.SSR ? (
          <script
            dangerouslySetInnerHTML={{ __html: scripts ? appPageScriptSource() : pageScriptSource() }}
          />
        ) : null}
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          <ScriptsContext value={scripts}>
            {scripts ? <NeedsJavaScript /> : null}
            <AuthProvider initialState={{ status: "loading" }}>{children}</AuthProvider>
          </ScriptsContext>
        </I18nProvider>
        {scripts ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Whether the visitor is a crawler, once known: isbot (a long pattern) loads only when an error
 * page is about to show, not with every app page.
 */
function useIsBot(): boolean {
  const [bot, setBot] = useState(false);
  useEffect(() => {
    let active = true;
    void import("isbot").then(
      ({ isbot }) => active && setBot(isbot(navigator.userAgent)),
      () => {}, // unknown: people get the error page
    );
    return () => {
      active = false;
    };
  }, []);
  return bot;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const path = location.pathname + location.search;
  // For bots the error page is taken down as soon as isbot says so, and the error is only logged.
  // (Direct loads of missing pages never get here: the server answers bots itself; see
  // server/site/serve.ts.)
  const bot = useIsBot();
  useEffect(() => {
    if (bot) console.error(error);
  }, [bot, error]);
  if (bot) return null;
  if (isRouteErrorResponse(error)) {
    // A failed validation (or a page the build does not have): the site's one 404, in the layout.
    if (error.status === 404) {
      return (
        <AppShell>
          <NotFoundScreen kind="invalid" path={path} />
        </AppShell>
      );
    }
    const message = typeof error.data === "string" ? error.data : undefined;
    return <ErrorPage status={error.status} message={message} />;
  }
  console.error(error);
  return <ErrorPage status={500} />;
}
