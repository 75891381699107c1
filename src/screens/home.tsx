import { Trans, useLingui } from "@lingui/react/macro";
import type { HomeData } from "../content/page-data.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { formatPrice } from "#shared/format.ts";
import { paidSignupPath } from "../auth/plan-price.ts";
import { siteConfig } from "#shared/site-config.ts";
import { Badge } from "../ui/badge.tsx";
import { CtaBand } from "../widgets/marketing/cta-band.tsx";
import { CtaButtons } from "../widgets/marketing/cta-buttons.tsx";
import { FaqList } from "../widgets/marketing/faq-list.tsx";
import { FeatureGrid } from "../widgets/marketing/feature-grid.tsx";
import { PlanCard } from "../widgets/marketing/plan-card.tsx";
import { ProductShot } from "../widgets/marketing/product-shot.tsx";
import { SectionHeading } from "../widgets/marketing/section-heading.tsx";
import { ContentLocaleNotice } from "./parts/content-locale-notice.tsx";
import { MarkdownContent } from "./parts/markdown-content.tsx";

/**
 * The landing page, one idea per band: the hero with the product, the features, the plans, the
 * questions people ask, and a last call to sign up. Texts come from `content/{en,fr}/home.md`;
 * prices from the site config. Nothing on it needs a script.
 */
export function HomeScreen(props: HomeData) {
  const { heroTitle, heroSubtitle, contentLocale } = props;
  const locale = useLocale();
  const { trialDays, paid } = siteConfig.plans;
  const monthly = formatPrice(paid.monthly, locale);
  const yearly = formatPrice(paid.yearly, locale);
  return (
    <div className="flex flex-col gap-24 pb-8 sm:gap-32">
      <ContentLocaleNotice contentLocale={contentLocale} />
      <section
        aria-labelledby="home-title"
        className="grid grid-cols-1 items-center gap-12 pt-2 sm:pt-10 lg:grid-cols-[1.1fr_1fr] lg:gap-16"
      >
        <div className="flex min-w-0 flex-col items-start gap-6">
          <Badge variant="quiet" size="lg">
            <Trans>{trialDays}-day free trial, no card needed</Trans>
          </Badge>
          <h1
            id="home-title"
            lang={contentLocale}
            className="text-[clamp(2.5rem,6vw+1rem,4rem)] leading-[1.05] font-bold tracking-[-0.02em] text-balance"
          >
            {heroTitle}
          </h1>
          <p lang={contentLocale} className="max-w-xl text-lg text-muted-foreground">
            {heroSubtitle}
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <CtaButtons to="/guides">
              <Trans>Read the guides</Trans>
            </CtaButtons>
          </div>
          <p className="text-sm text-muted-foreground">
            <Trans>
              {trialDays} days free, then {monthly} per month or {yearly} per year, VAT included.
            </Trans>
          </p>
        </div>
        <ProductShot className="mx-auto w-full max-w-lg lg:max-w-none" />
      </section>
      <HomeFeatures {...props} />
      <HomePlans {...props} />
      <HomeFaq {...props} />
      <CtaBand
        id="home-cta"
        title={<span lang={contentLocale}>{props.ctaTitle}</span>}
        text={<span lang={contentLocale}>{props.ctaText}</span>}
      >
        <CtaButtons to="/discord">
          <Trans>Ask us on Discord</Trans>
        </CtaButtons>
      </CtaBand>
    </div>
  );
}

function HomeFeatures({ featuresTitle, features, contentLocale }: HomeData) {
  return (
    <section aria-labelledby="home-features" lang={contentLocale} className="flex flex-col gap-10">
      <SectionHeading id="home-features" title={featuresTitle} />
      <FeatureGrid features={features} />
    </section>
  );
}

function HomePlans({ plansTitle, plansSubtitle, trialPoints, paidPoints, html, contentLocale }: HomeData) {
  const { t } = useLingui();
  const locale = useLocale();
  const { trialDays, paid } = siteConfig.plans;
  const yearly = formatPrice(paid.yearly, locale);
  const product = siteConfig.name;
  return (
    <section id="plans" aria-labelledby="home-plans" className="flex scroll-mt-20 flex-col gap-10">
      <SectionHeading
        id="home-plans"
        title={<span lang={contentLocale}>{plansTitle}</span>}
        subtitle={<span lang={contentLocale}>{plansSubtitle}</span>}
      />
      <div className="grid items-stretch gap-6 md:grid-cols-2 lg:mx-auto lg:w-full lg:max-w-4xl">
        <PlanCard
          name={<Trans>Free trial</Trans>}
          price={<Trans>Free</Trans>}
          period={<Trans>for {trialDays} days</Trans>}
          points={trialPoints}
          action={{ label: t`Start your free trial`, to: "/signup" }}
          className="md:mt-6"
        />
        <PlanCard
          name={siteConfig.name}
          price={formatPrice(paid.monthly, locale)}
          period={<Trans>incl. VAT per month</Trans>}
          note={<Trans>or {yearly} incl. VAT per year</Trans>}
          points={paidPoints}
          action={{ label: t`Choose ${product}`, to: paidSignupPath }}
          recommended={<Trans>Recommended</Trans>}
        />
      </div>
      <MarkdownContent
        html={html}
        lang={contentLocale}
        size="sm"
        tone="muted"
        className="mx-auto max-w-3xl text-center"
      />
    </section>
  );
}

function HomeFaq({ faqTitle, faq, contentLocale }: HomeData) {
  return (
    <section
      aria-labelledby="home-faq"
      lang={contentLocale}
      className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16"
    >
      <SectionHeading id="home-faq" title={faqTitle} />
      <FaqList questions={faq} />
    </section>
  );
}
