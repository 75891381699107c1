import { useLingui } from "@lingui/react/macro";
import { Link, useLinkClickHandler, useLocation } from "react-router";
import { withLocaleChoice } from "#shared/i18n/choice.ts";
import { serializeLocaleCookie } from "#shared/i18n/cookie.ts";
import { localeNames, locales, type Locale } from "#shared/i18n/locales.ts";
import { switchLocalePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { cn } from "#src/lib/cn.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { isNotFoundPage } from "#shared/routing/match.ts";
import { localizedRequestPathPlaceholder } from "#shared/routing/table.ts";

/**
 * Links to the current page in each language, keeping its query and hash; choosing one remembers
 * it in the locale cookie. Each link carries the choice (`?lang=fr`, shared/i18n/choice.ts), which
 * the server turns into the cookie, so it works without scripts too; with the app, a click sets
 * the cookie and goes to the page without `lang=`. On a prerendered 404 page the server writes the
 * visitor's path into the links. Used by the header, the phone menu and the dashboard.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useLingui();
  const active = useLocale();
  const { pathname, search, hash } = useLocation();
  // Prerendered HTML knows no query or hash: the links get them once the app runs, not while it
  // hydrates (the page's own inline script does it on pages without the app).
  const hydrated = useHydrated();
  const current = pathname + (hydrated ? search + hash : "");
  return (
    <nav data-slot="language-switcher" aria-label={t`Language`} className={cn("flex gap-1", className)}>
      {locales.map((locale) => (
        <LanguageLink
          key={locale}
          locale={locale}
          active={locale === active}
          page={
            isNotFoundPage(pathname)
              ? localizedRequestPathPlaceholder(locale)
              : switchLocalePath(current, locale)
          }
        />
      ))}
    </nav>
  );
}

function LanguageLink({ locale, active, page }: { locale: Locale; active: boolean; page: string }) {
  // The same page without the choice in its address: where the app goes by itself on a click.
  const followInApp = useLinkClickHandler(page);
  return (
    <Link
      to={withLocaleChoice(page, locale)}
      hrefLang={locale}
      lang={locale}
      aria-current={active ? "true" : undefined}
      onClick={(event) => {
        // Remembers the visitor's explicit choice of language.
        document.cookie = serializeLocaleCookie(locale);
        followInApp(event);
      }}
      className={cn(
        "rounded-md px-2 py-1 text-sm font-medium hover:bg-muted hover:text-foreground",
        active ? "bg-muted text-foreground" : "text-muted-foreground",
      )}
    >
      <span aria-hidden="true">{locale.toUpperCase()}</span>
      <span className="sr-only">{localeNames[locale]}</span>
    </Link>
  );
}
