import { loadContent } from "../content/load.server.ts";
import { contentPageData } from "../content/pages.server.ts";
import { localeOfPath } from "../i18n/paths.ts";
import { pageNotFound } from "../lib/not-found.ts";
import { requestPath } from "../lib/request-path.ts";
import { seoMeta } from "../lib/seo.ts";
import { TestScreen } from "../screens/test.tsx";
import type { Route } from "./+types/test";

export function loader({ request }: Route.LoaderArgs) {
  return contentPageData(loadContent(), localeOfPath(requestPath(request)), "test") ?? pageNotFound();
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function Test({ loaderData }: Route.ComponentProps) {
  return <TestScreen {...loaderData} />;
}
