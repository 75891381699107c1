import { locales } from "#shared/i18n/locales.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { contentSlugs, loadContent } from "./load.server.ts";

/**
 * The prerendered paths that come from content: every blog post and doc, in both locales (a post
 * written in one language only is shown in the other with a notice). Reading the content here
 * validates it all, so a bad frontmatter fails the build with the list of problems.
 */
export function contentPrerenderPaths(): string[] {
  const slugs = contentSlugs(loadContent());
  return locales.flatMap((locale) => [
    ...slugs.blog.map((slug) => localizePath(`/blog/${slug}`, locale)),
    ...slugs.docs.map((slug) => localizePath(`/fr/docs/${slug}`, locale)),
  ]);
}
