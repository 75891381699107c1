import { useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "react-router";
import { serializeLocaleCookie } from "#shared/i18n/cookie.ts";
import { localeNames, locales } from "#shared/i18n/locales.ts";
import { switchLocalePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { cn } from "#src/lib/cn.ts";
import { isNotFoundPage } from "#shared/routing/match.ts";
import { localizedRequestPathPlaceholder } from "#shared/routing/table.ts";

/**
 * Links to the current page in each language; choosing one remembers it in the locale cookie. On a
 * prerendered 404 page the server writes the visitor's path into the links.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useLingui();
  const active = useLocale();
  const { pathname, search, hash } = useLocation();
  return (
    <nav data-slot="language-switcher" aria-label={t`Language`} className={cn("flex gap-1", className)}>
      {locales.map((locale) => (
        <Link
          key={locale}
          to={
            isNotFoundPage(pathname)
              ? localizedRequestPathPlaceholder(locale)
              : switchLocalePath(pathname + search + hash, locale)
          }
          hrefLang={locale}
          lang={locale}
          aria-current={locale === active ? "true" : undefined}
          // Remembers the visitor's explicit choice of language.
          onClick={() => (document.cookie = serializeLocaleCookie(locale))}
          className={cn(
            "rounded-md px-2 py-1 text-sm font-medium hover:bg-muted hover:text-foreground",
            locale === active ? "bg-muted text-foreground" : "text-muted-foreground",
          )}
        >
          <span aria-hidden="true">{locale.toUpperCase()}</span>
          <span className="sr-only">{localeNames[locale]}</span>
        </Link>
      ))}
    </nav>
  );
}
