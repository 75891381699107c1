import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLocation } from "react-router";
import type { RouteHandle } from "../routing/handle.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { requestPathPlaceholder } from "#shared/routing/table.ts";
import { NotFoundScreen } from "../screens/not-found.tsx";
import { siteConfig } from "#shared/site-config.ts";

/**
 * A path no route matches. Prerendered once per locale without scripts, with a placeholder the
 * server replaces by the requested path; a client navigation shows the path it went to.
 */
export const handle: RouteHandle = { scripts: false };

export function meta() {
  return [
    { title: `${i18n._(msg`Page not found`)} · ${siteConfig.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  const { pathname } = useLocation();
  return <NotFoundScreen path={useHydrated() ? pathname : requestPathPlaceholder} />;
}
