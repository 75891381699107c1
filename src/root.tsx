import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { activateLocale } from "./i18n/catalog.ts";
import { defaultLocale } from "./i18n/locales.ts";
import { localeOfPath } from "./i18n/paths.ts";
import { ErrorPage } from "./widgets/error-page/error-page.tsx";

async function loadLocale(request: Request) {
  // Prerendering asks for `/fr.data` (or `/_.data` for the home page): the locale is the page's.
  const pathname = new URL(request.url).pathname.replace(/(\/_)?\.data$/, "") || "/";
  const locale = localeOfPath(pathname);
  await activateLocale(locale);
  return { locale };
}

export const loader = ({ request }: Route.LoaderArgs) => loadLocale(request);
// Client navigations switch catalogs in the browser; no request for the root's data.
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadLocale(request);

// The root's data is the locale: refresh it when a navigation crosses languages.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname) || defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? defaultLocale;
  return (
    <html lang={locale} className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a0a0b" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorPage status={error.status} message={typeof error.data === "string" ? error.data : undefined} />
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage status={500} />;
}
