import type { Locale } from "#shared/i18n/locales.ts";
import type { PageDef } from "#shared/routing/types.ts";
import type { SiteContent } from "./load.server.ts";
import type {
  BlogListData,
  BlogPostData,
  BlogSummary,
  ContentPageData,
  DocsIndexData,
  DocsItemData,
  DocsNavItem,
  GuidesData,
  HomeData,
  SearchDocument,
} from "./page-data.ts";
import { renderMarkdown } from "./markdown.ts";
import { localesWith, pickLocale } from "./pick.ts";
import type { BlogFrontmatter, Doc, DocFrontmatter, PageFrontmatter } from "./schema.ts";

/** The data of each page, from the content, for a page locale; undefined when there is none. */

export function homeData(content: SiteContent, locale: Locale): HomeData | undefined {
  const picked = pickLocale(content.home, locale);
  if (!picked) return undefined;
  const { frontmatter, html } = picked.value;
  return {
    title: frontmatter.title,
    description: frontmatter.description,
    heroTitle: frontmatter.hero_title,
    heroSubtitle: frontmatter.hero_subtitle,
    featuresTitle: frontmatter.features_title,
    features: frontmatter.features,
    plansTitle: frontmatter.plans_title,
    plansSubtitle: frontmatter.plans_subtitle,
    trialPoints: frontmatter.trial_points,
    paidPoints: frontmatter.paid_points,
    faqTitle: frontmatter.faq_title,
    // Answers may carry a link or `code`: markdown, rendered and sanitised like the bodies.
    faq: frontmatter.faq.map(({ question, answer }) => ({
      question,
      answerHtml: renderMarkdown(answer).html,
    })),
    ctaTitle: frontmatter.cta_title,
    ctaText: frontmatter.cta_text,
    html,
    contentLocale: picked.contentLocale,
    available: localesWith(content.home),
  };
}

function pageOf(
  doc: Doc<PageFrontmatter | DocFrontmatter>,
  contentLocale: Locale,
  available: Locale[],
): ContentPageData {
  return {
    title: doc.frontmatter.title,
    description: doc.frontmatter.description,
    html: doc.html,
    headings: doc.headings,
    contentLocale,
    available,
  };
}

/** A `pages/*.md` page (legal pages, community, test, "more"). */
export function contentPageData(
  content: SiteContent,
  locale: Locale,
  slug: string,
): ContentPageData | undefined {
  const byLocale = { en: content.pages.en[slug], fr: content.pages.fr[slug] };
  const picked = pickLocale(byLocale, locale);
  return picked && pageOf(picked.value, picked.contentLocale, localesWith(byLocale));
}

export function guidesData(content: SiteContent, locale: Locale): GuidesData | undefined {
  const index = pickLocale({ en: content.guides.en.index, fr: content.guides.fr.index }, locale);
  if (!index) return undefined;
  // Each platform falls back on its own, so a guide missing in one language still appears.
  const slugs = [
    ...new Set(
      [...content.guides[locale].platforms, ...content.guides[index.contentLocale].platforms].map(
        (g) => g.slug,
      ),
    ),
  ];
  const platforms = slugs
    .map((slug) => {
      const picked = pickLocale(
        {
          en: content.guides.en.platforms.find((g) => g.slug === slug),
          fr: content.guides.fr.platforms.find((g) => g.slug === slug),
        },
        locale,
      );
      if (!picked) return undefined;
      const { frontmatter, html } = picked.value;
      return {
        slug,
        platform: frontmatter.platform ?? slug,
        title: frontmatter.title,
        description: frontmatter.description,
        html,
        contentLocale: picked.contentLocale,
        order: frontmatter.order ?? 99,
      };
    })
    .filter((g) => g !== undefined)
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...guide }) => guide);
  return {
    title: index.value.frontmatter.title,
    description: index.value.frontmatter.description,
    html: index.value.html,
    platforms,
    contentLocale: index.contentLocale,
    available: localesWith({ en: content.guides.en.index, fr: content.guides.fr.index }),
  };
}

function summaryOf(post: Doc<BlogFrontmatter>): BlogSummary {
  const { title, description, date, author, tags = [] } = post.frontmatter;
  return { slug: post.slug, title, description, date, author, tags, contentLocale: post.locale };
}

function postsBySlug(content: SiteContent, slug: string) {
  return {
    en: content.blog.en.find((p) => p.slug === slug),
    fr: content.blog.fr.find((p) => p.slug === slug),
  };
}

/** Every post of the locale, plus those written only in the other one, newest first. */
export function blogListData(content: SiteContent, locale: Locale): BlogListData {
  const slugs = new Set([...content.blog.en, ...content.blog.fr].map((p) => p.slug));
  const posts = [...slugs]
    .map((slug) => pickLocale(postsBySlug(content, slug), locale)?.value)
    .filter((post) => post !== undefined)
    .map(summaryOf)
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return { posts };
}

export function blogPostData(content: SiteContent, locale: Locale, slug: string): BlogPostData | undefined {
  const byLocale = postsBySlug(content, slug);
  const picked = pickLocale(byLocale, locale);
  if (!picked) return undefined;
  return {
    ...summaryOf(picked.value),
    html: picked.value.html,
    headings: picked.value.headings,
    available: localesWith(byLocale),
  };
}

/** The documentation's table of contents in the page's locale (falling back per item). */
export function docsNav(content: SiteContent, locale: Locale): DocsNavItem[] {
  const slugs = [
    ...new Set([...content.docs[locale], ...content.docs.en, ...content.docs.fr].map((d) => d.slug)),
  ];
  return slugs
    .map((slug) => pickLocale(docsBySlug(content, slug), locale)?.value)
    .filter((doc) => doc !== undefined)
    .sort((a, b) => a.frontmatter.order - b.frontmatter.order || a.slug.localeCompare(b.slug))
    .map((doc) => ({ slug: doc.slug, title: doc.frontmatter.title }));
}

function docsBySlug(content: SiteContent, slug: string) {
  return {
    en: content.docs.en.find((d) => d.slug === slug),
    fr: content.docs.fr.find((d) => d.slug === slug),
  };
}

export function docsIndexData(content: SiteContent, locale: Locale): DocsIndexData | undefined {
  const picked = pickLocale(content.docsIndex, locale);
  if (!picked) return undefined;
  return {
    ...pageOf(picked.value, picked.contentLocale, localesWith(content.docsIndex)),
    nav: docsNav(content, locale),
  };
}

export function docsItemData(content: SiteContent, locale: Locale, slug: string): DocsItemData | undefined {
  const byLocale = docsBySlug(content, slug);
  const picked = pickLocale(byLocale, locale);
  if (!picked) return undefined;
  return {
    ...pageOf(picked.value, picked.contentLocale, localesWith(byLocale)),
    slug,
    nav: docsNav(content, locale),
  };
}

/**
 * What the offline docs search indexes for a locale: every section of every doc as the docs pages
 * show it (the page's introduction is a section too, with the page's description before its text).
 */
export function searchDocuments(content: SiteContent, locale: Locale): SearchDocument[] {
  return docsNav(content, locale).flatMap(({ slug }) => {
    const doc = pickLocale(docsBySlug(content, slug), locale)!.value;
    const intro = { id: "", heading: "", text: doc.frontmatter.description };
    const sections = doc.sections[0]?.id === "" ? doc.sections : [intro, ...doc.sections];
    return sections.map((section) => ({
      id: section.id ? `${slug}#${section.id}` : slug,
      slug,
      anchor: section.id,
      title: doc.frontmatter.title,
      section: section.heading,
      text: section.id ? section.text : `${doc.frontmatter.description} ${section.text}`.trim(),
    }));
  });
}

/** Locales a page of the route table has its own content in (pages without content: all). */
export function pageLocales(content: SiteContent, page: Pick<PageDef, "id" | "content">): Locale[] {
  switch (page.content) {
    case "home":
      return localesWith(content.home);
    case "guides":
      return localesWith({ en: content.guides.en.index, fr: content.guides.fr.index });
    case "docs":
      return localesWith(content.docsIndex);
    case "page":
      return localesWith({ en: content.pages.en[page.id], fr: content.pages.fr[page.id] });
    case undefined:
      return ["en", "fr"];
  }
}
