import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RouteHandle } from "../routing/handle.ts";
import { seoMeta } from "../lib/seo.ts";
import { WpAdminScreen } from "../screens/decoys.tsx";
import type { Route } from "./+types/wp-admin";

// A decoy for scanners: noindex (route table), no JavaScript, no form.
export const handle: RouteHandle = { scripts: false };

export const meta: Route.MetaFunction = ({ location }) =>
  seoMeta({
    pathname: location.pathname,
    title: i18n._(msg`There is no administration area here`),
    description: i18n._(
      msg`This site does not run WordPress, and it has no administration area at this address.`,
    ),
  });

export default function WpAdmin() {
  return <WpAdminScreen />;
}
