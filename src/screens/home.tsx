import { Trans } from "@lingui/react/macro";
import type { HomeData } from "../content/page-data.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { useLocale } from "../i18n/use-locale.ts";
import { formatPrice } from "../lib/format.ts";
import { siteConfig } from "../site-config.ts";
import { Button } from "../ui/button.tsx";
import { ContentLocaleNotice } from "./parts/content-locale-notice.tsx";
import { MarkdownContent } from "./parts/markdown-content.tsx";

/** The landing page: what the service offers, its prices and the call to sign up, then the content. */
export function HomeScreen({ heroTitle, heroSubtitle, html, contentLocale }: HomeData) {
  const locale = useLocale();
  const { trialDays, paid } = siteConfig.plans;
  const monthly = formatPrice(paid.monthly, locale);
  const yearly = formatPrice(paid.yearly, locale);
  return (
    <div className="flex flex-col gap-12">
      <section
        lang={contentLocale}
        aria-labelledby="home-title"
        className="flex flex-col items-start gap-6 border-b pt-4 pb-12 sm:pt-12"
      >
        <h1 id="home-title" className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {heroTitle}
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{heroSubtitle}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <LocalizedLink to="/signup">
              <Trans>Start your free trial</Trans>
            </LocalizedLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <LocalizedLink to="/guides">
              <Trans>Read the guides</Trans>
            </LocalizedLink>
          </Button>
        </div>
        <p lang={locale} className="text-sm text-muted-foreground">
          <Trans>
            {trialDays} days free, then {monthly} per month or {yearly} per year.
          </Trans>
        </p>
      </section>
      <ContentLocaleNotice contentLocale={contentLocale} />
      <MarkdownContent html={html} lang={contentLocale} />
    </div>
  );
}
