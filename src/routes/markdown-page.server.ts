import { loadContent } from "../content/load.server.ts";
import { contentPageData } from "../content/pages.server.ts";
import { routeAt } from "#shared/routing/match.ts";
import { pageNotFound } from "../routing/request.ts";

/** The loader of every page written in `pages/{id}.md` (the table's `content: "page"` rows). */
export function markdownPageLoader({ pattern }: { pattern: string }) {
  const { locale, page } = routeAt(pattern);
  return (page && contentPageData(loadContent(), locale, page.id)) ?? pageNotFound();
}
