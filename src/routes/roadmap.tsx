import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { loadContent } from "../content/load.server.ts";
import { seoMeta } from "../lib/seo.ts";
import { RoadmapScreen } from "../screens/roadmap.tsx";
import type { Route } from "./+types/roadmap";
import type { RouteHandle } from "../routing/handle.ts";

/** Prerendered without the app's JavaScript (see `RouteHandle`). */
export const handle: RouteHandle = { scripts: false };

/** `/roadmap`, and `/en/roadmap` (canonical to `/roadmap`). The data holds both languages. */
export function loader() {
  return { milestones: loadContent().roadmap.milestones };
}

export const meta: Route.MetaFunction = ({ location }) =>
  seoMeta({
    pathname: location.pathname,
    title: i18n._(msg`Roadmap`),
    description: i18n._(msg`What we have shipped, what we are building now and what comes next.`),
  });

export default function Roadmap({ loaderData }: Route.ComponentProps) {
  return <RoadmapScreen {...loaderData} />;
}
