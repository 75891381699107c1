import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLocation } from "react-router";
import { useHydrated } from "../lib/use-hydrated.ts";
import { NotFoundScreen } from "../screens/not-found.tsx";
import { siteConfig } from "../site-config.ts";

export function meta() {
  return [
    { title: `${i18n._(msg`Page not found`)} · ${siteConfig.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  return <NotFoundScreen path={hydrated ? pathname : undefined} />;
}
