import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { activateLocale, catalogsOfPath } from "./i18n/catalog.ts";
import { isLocale } from "../shared/i18n/locales.ts";
import { isAbsoluteUrl } from "../shared/routing/rules.ts";
import { reloadAfterChunkError, startUpdatePolling } from "./lib/app-updates.ts";
import { runRouteMiddleware } from "./routing/middleware.ts";
import { matchPage } from "../shared/routing/match.ts";

// A chunk that fails to load (a deploy replaced it) reloads the page, at most once per
// 10 s for the same path.
window.addEventListener("vite:preloadError", (event) => {
  if (
    reloadAfterChunkError(
      (event as Event & { payload?: unknown }).payload ?? new Error("Unable to preload CSS"),
    )
  )
    event.preventDefault();
});
window.addEventListener("unhandledrejection", (event) => {
  if (reloadAfterChunkError(event.reason)) event.preventDefault();
});

/** The first page's route middleware (later navigations run them in root.tsx's clientMiddleware). */
async function initialMiddleware(): Promise<boolean> {
  const match = matchPage(window.location.pathname);
  if (!match?.page.middleware?.length) return true;
  const url = new URL(window.location.href);
  const target = await runRouteMiddleware({ url, locale: match.locale, page: match.page });
  if (!target) return true;
  window.location.replace(isAbsoluteUrl(target) ? target : new URL(target, url).href);
  return false;
}

// The prerendered HTML says which language it is in; load its catalogs before hydrating so the
// first client render matches the server's text (no flash of the other language).
const lang = document.documentElement.lang;

Promise.all([
  activateLocale(isLocale(lang) ? lang : "en", catalogsOfPath(window.location.pathname)),
  initialMiddleware(),
])
  .then(([, proceed]) => {
    if (!proceed) return;
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
    // App updates: the first manifest check about 1 s after load (skipped on slow-2g).
    startUpdatePolling();
  })
  .catch((error: unknown) => console.error("Error while mounting app", error));
