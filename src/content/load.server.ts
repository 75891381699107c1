import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { locales, type Locale } from "#shared/i18n/locales.ts";
import { type LegalDetails, legalDetailsFromEnv } from "#shared/seller.ts";
import { renderMarkdown, splitFrontmatter, type RenderOptions } from "./markdown.ts";
import { docsSearchPath } from "#shared/routing/table.ts";
import { isSlugSegment } from "./slug.ts";
import { contentTokens, fillTokens } from "./tokens.ts";
import {
  ContentError,
  isPublished,
  validateFrontmatter,
  validateKnownIssues,
  validateRoadmap,
  type BlogFrontmatter,
  type Doc,
  type DocFrontmatter,
  type Frontmatter,
  type FrontmatterKind,
  type GuideFrontmatter,
  type HomeFrontmatter,
  type KnownIssues,
  type PageFrontmatter,
  type Roadmap,
} from "./schema.ts";

export type Guides = { index?: Doc<GuideFrontmatter>; platforms: Doc<GuideFrontmatter>[] };

/** Everything in `content/`, read once at build time, validated and rendered. */
export type SiteContent = {
  home: Partial<Record<Locale, Doc<HomeFrontmatter>>>;
  guides: Record<Locale, Guides>;
  /** Newest first. */
  blog: Record<Locale, Doc<BlogFrontmatter>[]>;
  docsIndex: Partial<Record<Locale, Doc<DocFrontmatter>>>;
  /** By `order`. */
  docs: Record<Locale, Doc<DocFrontmatter>[]>;
  /** `pages/*.md` and `test.md` by slug (`cgu`, `more`, `test`, …). */
  pages: Record<Locale, Record<string, Doc<PageFrontmatter>>>;
  roadmap: Roadmap;
  knownIssues: KnownIssues;
  /** The day (UTC, YYYY-MM-DD) the content was read: its dates are checked against it. */
  today: string;
};

/** The content folder: `CONTENT_DIR` or `content/` in the working directory (the project root at build). */
function defaultContentRoot() {
  return path.resolve(process.env.CONTENT_DIR ?? "content");
}

function markdownFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return markdownFiles(full, `${prefix}${name}/`);
      return name.endsWith(".md") ? [`${prefix}${name.slice(0, -3)}`] : [];
    });
}

/**
 * Reads and validates the whole content folder. Every problem in every file is collected and
 * thrown as one ContentError, so a build lists all of them at once. `today` (YYYY-MM-DD, the
 * build's day in UTC by default) is what content dates may not pass; `legal` (the build's
 * `SELLER_*`, `HOST_*`, `MEDIATOR_*` and `SUPPORT_EMAIL` by default) fills the pages' tokens.
 */
export function readContent(
  root: string,
  today = new Date().toISOString().slice(0, 10),
  legal: LegalDetails = legalDetailsFromEnv(process.env),
): SiteContent {
  const problems: string[] = [];
  const attempt = <T>(run: () => T): T | undefined => {
    try {
      return run();
    } catch (error) {
      if (error instanceof ContentError) problems.push(...error.problems);
      else throw error;
      return undefined;
    }
  };

  const tokens = { en: contentTokens(legal, "en"), fr: contentTokens(legal, "fr") };
  const load = <K extends FrontmatterKind>(
    locale: Locale,
    id: string,
    kind: K,
    slug: string,
    options?: RenderOptions,
  ): Doc<Frontmatter<K>> | undefined =>
    attempt(() => {
      const file = path.relative(process.cwd(), path.join(root, locale, `${id}.md`));
      const { data, body } = splitFrontmatter(
        file,
        readFileSync(path.join(root, locale, `${id}.md`), "utf8"),
      );
      const frontmatter = validateFrontmatter(file, kind, data);
      const filled = fillTokens(file, body, tokens[locale]);
      return { id, slug, locale, frontmatter, ...renderMarkdown(filled, options) };
    });

  const content: SiteContent = {
    home: {},
    guides: { en: { platforms: [] }, fr: { platforms: [] } },
    blog: { en: [], fr: [] },
    docsIndex: {},
    docs: { en: [], fr: [] },
    pages: { en: {}, fr: {} },
    roadmap: { milestones: [] },
    knownIssues: { issues: [] },
    today,
  };

  for (const locale of locales) {
    const files = markdownFiles(path.join(root, locale));
    for (const id of files) {
      const [section, ...rest] = id.split("/");
      const name = rest.join("/");
      const where = path.join(path.basename(root), locale, `${id}.md`);
      if (id === "home") {
        content.home[locale] = load(locale, id, "home", "");
      } else if (section === "guides" && rest.length === 1) {
        if (name === "index") {
          content.guides[locale].index = load(locale, id, "guide", "");
        } else {
          // Each platform is a section of the guides page: its headings sit under the platform's <h2>.
          const guide = load(locale, id, "guide", name, { headingOffset: 1, idPrefix: `${name}-` });
          if (guide) content.guides[locale].platforms.push(guide);
        }
      } else if (section === "blog" && rest.length > 0) {
        if (!rest.every(isSlugSegment)) {
          problems.push(`${where}: blog file and folder names must be lowercase words joined by hyphens`);
          continue;
        }
        const post = load(locale, id, "blog", name);
        if (post && attempt(() => isPublished(where, post.frontmatter, today)))
          content.blog[locale].push(post);
      } else if (section === "docs" && rest.length === 1) {
        if (name === "index") {
          content.docsIndex[locale] = load(locale, id, "doc", "");
        } else if (!isSlugSegment(name)) {
          problems.push(`${where}: doc file names must be lowercase words joined by hyphens`);
        } else if (`/fr/docs/${name}` === docsSearchPath) {
          problems.push(
            `${where}: "${name}" is the address of the docs search page: name the file otherwise`,
          );
        } else {
          const doc = load(locale, id, "doc", name);
          if (doc) content.docs[locale].push(doc);
        }
      } else if ((section === "pages" && rest.length === 1) || id === "test") {
        // content/README.md: the test page is `test.md` beside `home.md`, the others are under pages/.
        const slug = id === "test" ? "test" : name;
        const page = load(locale, id, "page", slug);
        if (page) content.pages[locale][slug] = page;
      } else {
        console.warn(`Content: ${where} is not part of the content schema and is ignored`);
      }
    }
    content.guides[locale].platforms.sort(
      (a, b) => (a.frontmatter.order ?? 99) - (b.frontmatter.order ?? 99),
    );
    content.blog[locale].sort(
      (a, b) => b.frontmatter.date.localeCompare(a.frontmatter.date) || a.slug.localeCompare(b.slug),
    );
    content.docs[locale].sort(
      (a, b) => a.frontmatter.order - b.frontmatter.order || a.slug.localeCompare(b.slug),
    );
  }

  const json = (name: string) => {
    const file = path.join(root, name);
    if (!existsSync(file)) return undefined;
    try {
      return JSON.parse(readFileSync(file, "utf8")) as unknown;
    } catch (error) {
      problems.push(`${path.join(path.basename(root), name)}: not valid JSON: ${(error as Error).message}`);
      return undefined;
    }
  };
  const roadmap = json("roadmap.json");
  if (roadmap !== undefined) {
    content.roadmap = attempt(() => validateRoadmap("content/roadmap.json", roadmap)) ?? content.roadmap;
  }
  const issues = json("known-issues.json");
  if (issues !== undefined) {
    content.knownIssues =
      attempt(() => validateKnownIssues("content/known-issues.json", issues, today)) ?? content.knownIssues;
  }

  if (problems.length > 0) throw new ContentError(problems);
  return content;
}

const cache = new Map<string, SiteContent>();

/** The site's content, read once per build process. */
export function loadContent(root = defaultContentRoot()): SiteContent {
  let content = cache.get(root);
  if (!content) {
    content = readContent(root);
    cache.set(root, content);
  }
  return content;
}

/** Slugs that have a page in either locale (a page missing in one shows the other's content). */
export function contentSlugs(content: SiteContent) {
  const union = (lists: string[][]) => [...new Set(lists.flat())].sort();
  return {
    blog: union(locales.map((l) => content.blog[l].map((p) => p.slug))),
    docs: union(locales.map((l) => content.docs[l].map((d) => d.slug))),
  };
}
