import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RouteHandle } from "../routing/handle.ts";
import { seoMeta } from "../lib/seo.ts";
import { WpLoginScreen } from "../screens/decoys.tsx";
import type { Route } from "./+types/wp-login";

// A decoy for scanners: noindex (route table), no JavaScript, no form.
export const handle: RouteHandle = { scripts: false };

export const meta: Route.MetaFunction = ({ location }) =>
  seoMeta({
    pathname: location.pathname,
    title: i18n._(msg`There is no WordPress login here`),
    description: i18n._(msg`This site does not run WordPress. Nothing at this address can sign you in.`),
  });

export default function WpLogin() {
  return <WpLoginScreen />;
}
