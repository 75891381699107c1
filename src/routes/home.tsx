import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { HomeScreen } from "../screens/home.tsx";
import { siteConfig } from "../site-config.ts";

export function meta() {
  return [
    { title: `${siteConfig.name} · ${i18n._(msg`Stremio accounts made simple`)}` },
    { name: "description", content: i18n._(msg`Stremio credentials for every device, with a free trial.`) },
  ];
}

export default function Home() {
  return <HomeScreen />;
}
