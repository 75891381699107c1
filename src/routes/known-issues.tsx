import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { loadContent } from "../content/load.server.ts";
import { seoMeta } from "../lib/seo.ts";
import { KnownIssuesScreen } from "../screens/known-issues.tsx";
import type { Route } from "./+types/known-issues";
import type { RouteHandle } from "../routing/handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

/** `/known-issues`, and `/en/known-issues` (canonical to `/known-issues`). */
export function loader() {
  const content = loadContent();
  return { issues: content.knownIssues.issues, today: content.today };
}

export const meta: Route.MetaFunction = ({ location }) =>
  seoMeta({
    pathname: location.pathname,
    title: i18n._(msg`Known issues`),
    description: i18n._(
      msg`Problems we know about, what we are doing about them and how to work around them.`,
    ),
  });

export default function KnownIssues({ loaderData }: Route.ComponentProps) {
  return <KnownIssuesScreen {...loaderData} />;
}
