import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "../../shared/i18n/locales.ts";
import { matchPage } from "../../shared/routing/match.ts";

/**
 * The site's catalog, and the superuser dashboard's, loaded only on its pages so that visitors
 * never download its messages.
 */
export type CatalogName = "site" | "dashboard";

// One chunk per catalog and locale, loaded on demand; the Lingui Vite plugin compiles the .po file.
const loaders: Record<CatalogName, Record<Locale, () => Promise<{ messages: Messages }>>> = {
  site: {
    en: () => import("../../locales/en/messages.po"),
    fr: () => import("../../locales/fr/messages.po"),
  },
  dashboard: {
    en: () => import("../../locales/en/dashboard.po"),
    fr: () => import("../../locales/fr/dashboard.po"),
  },
};

/** Every catalog (Storybook shows every screen). */
export const allCatalogs = Object.keys(loaders) as CatalogName[];

/** The catalogs a path's page needs: the site's, plus the dashboard's on the dashboard's pages. */
export function catalogsOfPath(pathname: string): CatalogName[] {
  return matchPage(pathname)?.page.layout === "dashboard" ? ["site", "dashboard"] : ["site"];
}

const loaded = new Map<string, Messages>();
let active = "";

/**
 * Loads (once) and activates a locale's catalogs, merged. Throws `Failed loading locale ({code})`.
 */
export async function activateLocale(
  locale: Locale,
  catalogs: readonly CatalogName[] = ["site"],
): Promise<void> {
  const keys = catalogs.map((name) => `${name}/${locale}`);
  try {
    await Promise.all(
      catalogs.map(async (name, index) => {
        if (!loaded.has(keys[index]!)) loaded.set(keys[index]!, (await loaders[name][locale]()).messages);
      }),
    );
  } catch (cause) {
    throw new Error(`Failed loading locale (${locale})`, { cause });
  }
  const key = keys.join(" ");
  if (active === key && i18n.locale === locale) return;
  active = key;
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...keys.map((k) => loaded.get(k))) });
}
