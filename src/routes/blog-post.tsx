import { loadContent } from "../content/load.server.ts";
import { blogPostData } from "../content/pages.server.ts";
import { isNestedSlug } from "../content/slug.ts";
import type { RouteHandle } from "../routing/handle.ts";
import { routeAt } from "#shared/routing/match.ts";
import { pageNotFound, splatParam, validatedSplatData } from "../routing/request.ts";
import { seoMeta } from "../lib/seo.ts";
import { BlogPostScreen } from "../screens/blog-post.tsx";
import type { Route } from "./+types/blog-post";

/** `/blog/{slug}`: the slug may span several segments (`2026/launch-week`). */
export function loader({ pattern, params }: Route.LoaderArgs) {
  const slug = splatParam(params["*"]);
  const post = isNestedSlug(slug) ? blogPostData(loadContent(), routeAt(pattern).locale, slug) : undefined;
  return post ?? pageNotFound();
}

export async function clientLoader(args: Route.ClientLoaderArgs) {
  return validatedSplatData(isNestedSlug, args);
}

// Pure reading: no JavaScript bundle; links are plain links (see root.tsx and default-layout.tsx).
export const handle: RouteHandle = { scripts: false };

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? seoMeta({ pathname: location.pathname, ...loaderData, type: "article", published: loaderData.date })
    : [];

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <BlogPostScreen {...loaderData} />;
}
