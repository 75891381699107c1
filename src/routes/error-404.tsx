import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RouteHandle } from "../routing/handle.ts";
import { requestPathPlaceholder } from "#shared/routing/table.ts";
import { NotFoundScreen } from "../screens/not-found.tsx";
import { siteConfig } from "#shared/site-config.ts";

/**
 * The 404 for a failed route validation on a direct load (`/fr/docs/a/b`, `/blog/nope`),
 * prerendered once per locale inside the layout. The server answers such paths with it and status
 * 404, writing the path in place of the placeholder. It ships no JavaScript, so the page never
 * hydrates at a URL its route does not match.
 */
export const handle: RouteHandle = { scripts: false };

export function meta() {
  return [
    { title: `${i18n._(msg`Page not found`)} · ${siteConfig.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Error404() {
  return <NotFoundScreen kind="invalid" path={requestPathPlaceholder} />;
}
