import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { localizePath } from "../../i18n/paths.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { siteConfig } from "../../site-config.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";

/** The default layout: header (brand, navigation, language), main content, footer; full height. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const locale = useLocale();
  const navItems = [
    { to: "/guides", label: t`Guides` },
    { to: "/roadmap", label: t`Roadmap` },
    { to: "/known-issues", label: t`Known issues` },
    { to: "/blog", label: t`Blog` },
  ];
  return (
    <div data-slot="app-shell" className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="border-b">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <LocalizedLink to="/" className="text-lg font-bold tracking-tight">
            {siteConfig.name}
          </LocalizedLink>
          <nav aria-label={t`Main`} className="order-last w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={localizePath(item.to, locale)}
                    className="rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:text-foreground"
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher className="ml-auto" />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
        {children}
      </main>
      <footer className="border-t">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-muted-foreground">
          <p>© {siteConfig.name}</p>
        </div>
      </footer>
    </div>
  );
}
