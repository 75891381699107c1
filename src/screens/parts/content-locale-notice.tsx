import { Trans } from "@lingui/react/macro";
import type { Locale } from "#shared/i18n/locales.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { languageName } from "#src/lib/format.ts";

/**
 * Shown above content written in another language than the page's: a page that exists in one
 * locale only shows the other locale's content with a notice rather than a 404 (docs/product.md,
 * Content in one language).
 */
export function ContentLocaleNotice({ contentLocale }: { contentLocale: Locale }) {
  const locale = useLocale();
  if (contentLocale === locale) return null;
  const pageLanguage = languageName(locale, locale);
  const contentLanguage = languageName(contentLocale, locale);
  return (
    <p
      role="note"
      data-slot="content-locale-notice"
      className="rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-foreground"
    >
      <Trans>
        This page is not available in {pageLanguage} yet. It is shown in {contentLanguage}.
      </Trans>
    </p>
  );
}
