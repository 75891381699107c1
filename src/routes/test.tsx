import { seoMeta } from "../lib/seo.ts";
import { TestScreen } from "../screens/test.tsx";
import type { Route } from "./+types/test";
import { markdownPageLoader } from "./markdown-page.server.ts";

export const loader = markdownPageLoader;

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ pathname: location.pathname, ...loaderData }) : [];

export default function Test({ loaderData }: Route.ComponentProps) {
  return <TestScreen {...loaderData} />;
}
