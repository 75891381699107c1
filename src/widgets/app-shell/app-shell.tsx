import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { cn } from "#src/lib/cn.ts";
import { siteConfig } from "#shared/site-config.ts";
import { AccountMenu } from "../auth/account-menu.tsx";
import { BrandLink } from "./brand.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { MobileNav } from "./mobile-nav.tsx";
import { footerNav, mainNav } from "./site-nav.ts";

export type AppShellProps = {
  children: ReactNode;
  /** Layout classes for `<main>` (width, padding); the default is a centred 6xl column. */
  mainClassName?: string;
};

/**
 * The default layout, full height on the near-black page: a skip link; a sticky header with the
 * brand, the main navigation, the language switcher and the account menu (under `sm`, a menu button
 * opens the navigation in a sheet); the page in `<main>`; a footer with the site and legal links.
 */
/** The page's column inside the shell: its width and padding (screen stories draw pages in it too). */
export const pageColumnClassName = "mx-auto w-full max-w-6xl px-4 py-10";

export function AppShell({ children, mainClassName }: AppShellProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <div data-slot="app-shell" className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur-md">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 px-4">
          <div className="flex h-14 items-center">
            <BrandLink />
          </div>
          <nav
            aria-label={t`Main`}
            className="order-last hidden w-full pb-2 sm:block lg:order-none lg:w-auto lg:pb-0"
          >
            <ul className="-mx-2 flex flex-wrap gap-1">
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={localizePath(item.to, locale)}
                    className="flex h-8 items-center rounded-md px-2.5 text-sm text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground"
                  >
                    {i18n._(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex h-14 items-center gap-2">
            <LanguageSwitcher className="max-sm:hidden" />
            <AccountMenu />
            <MobileNav className="sm:hidden" />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={cn(pageColumnClassName, "flex-1 outline-none", mainClassName)}>
        {children}
      </main>
      <footer className="border-t bg-surface">
        <div className="mx-auto grid w-full max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
          <div className="col-span-2 flex flex-col gap-3 sm:col-span-1">
            <BrandLink className="self-start" />
            <p className="max-w-xs text-sm text-muted-foreground">
              <Trans>Stremio accounts made simple</Trans>
            </p>
          </div>
          {footerNav.map((group) => (
            <nav key={group.id} aria-labelledby={`footer-${group.id}`} className="flex flex-col gap-3">
              <h2 id={`footer-${group.id}`} className="text-sm font-semibold text-foreground">
                {i18n._(group.title)}
              </h2>
              <ul className="flex flex-col gap-2 text-sm">
                {group.items
                  .filter((item) => !item.locales || item.locales.includes(locale))
                  .map((item) => (
                    <li key={item.to}>
                      <LocalizedLink
                        to={item.to}
                        hrefLang={item.hrefLang}
                        className="text-muted-foreground hover:text-foreground hover:underline hover:underline-offset-4"
                      >
                        {i18n._(item.label)}
                      </LocalizedLink>
                    </li>
                  ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="border-t">
          <p className="mx-auto w-full max-w-6xl px-4 py-5 text-xs text-muted-foreground">
            © {siteConfig.name}
          </p>
        </div>
      </footer>
    </div>
  );
}
