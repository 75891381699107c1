import { locales, type Locale } from "./i18n/locales.ts";
import { localizePath } from "./i18n/paths.ts";

/** A public page: its English path (SPEC §2), its route module, the locales it exists in. */
export type PageDef = {
  id: string;
  path: string;
  file: string;
  locales?: readonly Locale[];
};

export const pages: readonly PageDef[] = [{ id: "home", path: "/", file: "routes/home.tsx" }];

/** The prerendered page a path that matches no route is answered with (status 404, by the server). */
export const notFoundPath = "/__not-found";

/** Every path prerendered at build time: each page in each of its locales, plus the 404 pages. */
export function prerenderPaths(): string[] {
  const pagePaths = pages.flatMap((page) =>
    (page.locales ?? locales).map((locale) => localizePath(page.path, locale)),
  );
  return [...pagePaths, ...locales.map((locale) => localizePath(notFoundPath, locale))];
}
