import type { Locale } from "../i18n/locales.ts";
import type { Heading, KnownIssue, Milestone } from "./schema.ts";

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

export type HomeData = LocaleInfo & {
  title: string;
  description: string;
  heroTitle: string;
  heroSubtitle: string;
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

export type KnownIssuesData = { issues: KnownIssue[] };

/** One document of the offline docs search index. */
export type SearchDocument = { id: string; slug: string; title: string; description: string; text: string };
