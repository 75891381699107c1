import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { seoMeta } from "../lib/seo.ts";
import { TestLottieScreen } from "../screens/test-lottie.tsx";
import type { Route } from "./+types/test-lottie";

export const meta: Route.MetaFunction = ({ location }) =>
  seoMeta({
    pathname: location.pathname,
    title: i18n._(msg`Animation test`),
    description: i18n._(
      msg`This page checks that the animation shipped with the site plays in your browser.`,
    ),
  });

export default function TestLottie() {
  return <TestLottieScreen />;
}
