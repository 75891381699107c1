import type { Locale } from "#shared/i18n/locales.ts";
import type { FeatureIcon, Heading, KnownIssue, Milestone } from "./schema.ts";

/** Which language a page's content is in, and which locales have it (for the notice and hreflang). */
export type LocaleInfo = {
  /** The locale the content was written in (differs from the page's when it is a fallback). */
  contentLocale: Locale;
  /** Locales this content exists in. */
  available: Locale[];
};

/** A rendered markdown page. */
export type ContentPageData = LocaleInfo & {
  title: string;
  description: string;
  html: string;
  headings: Heading[];
};

/** One card of the home page's feature grid. */
export type HomeFeature = { icon: FeatureIcon; title: string; text: string };

/** One question of the home page's FAQ; the answer is markdown rendered at build time. */
export type HomeQuestion = { question: string; answerHtml: string };

export type HomeData = LocaleInfo & {
  title: string;
  description: string;
  heroTitle: string;
  heroSubtitle: string;
  featuresTitle: string;
  features: HomeFeature[];
  plansTitle: string;
  plansSubtitle: string;
  /** What each plan includes, one line each. */
  trialPoints: string[];
  paidPoints: string[];
  faqTitle: string;
  faq: HomeQuestion[];
  ctaTitle: string;
  ctaText: string;
  /** The body of home.md: the fine print under the plans. */
  html: string;
};

export type GuidePlatform = {
  slug: string;
  /** `web`, `desktop`, `android`, `tv`: the anchor of its section. */
  platform: string;
  title: string;
  description: string;
  html: string;
  contentLocale: Locale;
};

export type GuidesData = LocaleInfo & {
  title: string;
  description: string;
  html: string;
  platforms: GuidePlatform[];
};

export type BlogSummary = {
  slug: string;
  title: string;
  description: string;
  /** `YYYY-MM-DD` */
  date: string;
  author: string;
  tags: string[];
  contentLocale: Locale;
};

export type BlogListData = { posts: BlogSummary[] };

export type BlogPostData = LocaleInfo & BlogSummary & { html: string; headings: Heading[] };

export type DocsNavItem = { slug: string; title: string };

export type DocsIndexData = ContentPageData & { nav: DocsNavItem[] };

export type DocsItemData = ContentPageData & { slug: string; nav: DocsNavItem[] };

export type RoadmapData = { milestones: Milestone[] };

export type KnownIssuesData = {
  issues: KnownIssue[];
  /** The build's day (YYYY-MM-DD): the chart runs to its week. */
  today: string;
};

/** One section of a documentation page, as the docs search indexes it (shared/docs-search.ts). */
export type { SearchDocument } from "#shared/docs-search.ts";
