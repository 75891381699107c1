import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { RouteHandle } from "../lib/route-handle.ts";
import { requestPathPlaceholder } from "../routes-table.ts";
import { ErrorPage } from "../widgets/error-page/error-page.tsx";

/**
 * The error page for a failed route validation on a direct load (`/fr/docs/a/b`, `/blog/nope`),
 * prerendered once per locale. The server answers such paths with it and status 404, writing the
 * path in place of the placeholder. It ships no JavaScript, so the page never hydrates at a URL
 * its route does not match.
 */
export const handle: RouteHandle = { scripts: false };

export function meta() {
  return [{ title: i18n._(msg`Page Not Found`) }, { name: "robots", content: "noindex" }];
}

export default function Error404() {
  const { t } = useLingui();
  const path = requestPathPlaceholder;
  return <ErrorPage status={404} message={t`Page Not Found: ${path}`} />;
}
