import { i18n, type Messages } from "@lingui/core";
import { catalogLoader } from "virtual:lumen/catalogs";
import type { Locale } from "#shared/i18n/locales.ts";
import { matchPage } from "#shared/routing/match.ts";
import { importWithReload } from "../lib/app-updates.ts";

/**
 * The catalogs of a page: the shell's (the root route and what it imports) and its route
 * module's. The app build cuts the translators' catalogs by page (scripts/page-catalogs.ts), so a
 * page downloads the messages it can show and no others; elsewhere every catalog is whole.
 */
export function catalogsOfPath(pathname: string): string[] {
  // A path that matches no page renders the router's catch-all route inside the default layout.
  return ["shell", matchPage(pathname)?.page.file ?? "routes/not-found.tsx"];
}

const loaded = new Map<string, Messages>();

/**
 * Loads (once) a locale's catalogs and activates the locale. Messages add up: a page that is
 * being left keeps its words until the next one shows. Throws `Failed loading locale ({code})`.
 */
export async function activateLocale(locale: Locale, catalogs: readonly string[] = ["shell"]): Promise<void> {
  let added = false;
  try {
    await Promise.all(
      catalogs.map(async (name) => {
        const key = `${name}/${locale}`;
        const load = catalogLoader(name)?.[locale];
        if (loaded.has(key) || !load) return;
        // A catalog missing after a deploy reloads the page once, like any chunk of the old build.
        loaded.set(key, (await importWithReload(load)).messages);
        added = true;
      }),
    );
  } catch (cause) {
    throw new Error(`Failed loading locale (${locale})`, { cause });
  }
  if (added) {
    const messages = Object.assign(
      {},
      ...[...loaded].filter(([key]) => key.endsWith(`/${locale}`)).map(([, m]) => m),
    ) as Messages;
    i18n.loadAndActivate({ locale, messages });
  } else if (i18n.locale !== locale) i18n.activate(locale);
}
