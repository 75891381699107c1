import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { Button } from "#src/ui/button.tsx";
import { LogoMark } from "#src/widgets/app-shell/brand.tsx";
import { LanguageSwitcher } from "#src/widgets/app-shell/language-switcher.tsx";

/** The dashboard's pages, in the order of its navigation (English paths). */
const dashboardNav = [
  { to: "/_", id: "overview" },
  { to: "/_/users", id: "users" },
  { to: "/_/superusers", id: "superusers" },
  { to: "/_/backups", id: "backups" },
  { to: "/_/logs", id: "logs" },
  { to: "/_/settings", id: "settings" },
] as const;

export type DashboardShellProps = {
  /** The signed-in superuser's email; without one the shell shows no navigation. */
  email?: string | null;
  onSignOut?: () => void;
  /** Whether a signed-in superuser gets the navigation (not while every page would be refused). */
  navigation?: boolean;
  children: ReactNode;
};

/**
 * The superuser dashboard's frame: an operator tool, not a page of the site (no site header or
 * footer). A bar with the dashboard's name, its navigation, the superuser's email, "Sign out" and
 * the language switch; the page in `<main>`.
 */
export function DashboardShell({ email, onSignOut, navigation = true, children }: DashboardShellProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const labels: Record<(typeof dashboardNav)[number]["id"], string> = {
    overview: t`Overview`,
    users: t`Users`,
    superusers: t`Superusers`,
    backups: t`Backups`,
    logs: t`Logs`,
    settings: t`Settings`,
  };
  return (
    <div data-slot="dashboard-shell" className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="border-b bg-surface">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
          <p className="flex h-10 items-center gap-2 font-bold tracking-tight">
            <LogoMark className="size-6" />
            <Trans>Lumen superusers</Trans>
          </p>
          {email && navigation ? (
            <nav aria-label={t`Dashboard`} className="order-last w-full lg:order-none lg:w-auto">
              <ul className="-mx-2 flex flex-wrap gap-1">
                {dashboardNav.map((item) => (
                  <li key={item.id}>
                    <NavLink
                      to={localizePath(item.to, locale)}
                      end
                      className="flex h-8 items-center rounded-md px-2.5 text-sm text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground"
                    >
                      {labels[item.id]}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="ml-auto flex items-center gap-3">
            <LanguageSwitcher />
            {email ? (
              <>
                <span className="hidden text-sm text-muted-foreground sm:inline" data-slot="superuser-email">
                  {email}
                </span>
                <Button variant="outline" size="sm" onClick={onSignOut}>
                  <Trans>Sign out</Trans>
                </Button>
              </>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none">
        {children}
      </main>
    </div>
  );
}
