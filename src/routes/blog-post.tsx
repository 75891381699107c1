import { isRouteErrorResponse } from "react-router";
import { loadContent } from "../content/load.server.ts";
import { blogPostData } from "../content/pages.server.ts";
import { localeOfPath } from "../i18n/paths.ts";
import { isBlogSlug, pageNotFound } from "../lib/not-found.ts";
import type { RouteHandle } from "../lib/route-handle.ts";
import { requestPath, splatParam } from "../lib/request-path.ts";
import { seoMeta } from "../lib/seo.ts";
import { BlogPostScreen } from "../screens/blog-post.tsx";
import type { Route } from "./+types/blog-post";

/** `/blog/{slug}`: the slug may span several segments (`2026/launch-week`). */
export function loader({ request, params }: Route.LoaderArgs) {
  const slug = splatParam(params["*"]);
  const post = isBlogSlug(slug)
    ? blogPostData(loadContent(), localeOfPath(requestPath(request)), slug)
    : undefined;
  return post ?? pageNotFound();
}

/** Validates the slug before asking for the page's data; a post that was not built is a 404 too. */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  if (!isBlogSlug(splatParam(params["*"]))) pageNotFound();
  try {
    return await serverLoader();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 404) pageNotFound();
    throw error;
  }
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
