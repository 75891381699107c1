import { Trans } from "@lingui/react/macro";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { siteConfig } from "../site-config.ts";

/** The landing page body. */
export function HomeScreen() {
  return (
    <section className="flex flex-col items-start gap-6 py-8 sm:py-16">
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        <Trans>Your streaming account for Stremio, ready in a minute</Trans>
      </h1>
      <p className="max-w-2xl text-lg text-muted-foreground">
        <Trans>
          {siteConfig.name} gives you Stremio credentials that work on the web, desktop, Android and TV. Start
          with a free trial, upgrade when you are ready.
        </Trans>
      </p>
      <LocalizedLink
        to="/signup"
        className="rounded-md bg-primary px-5 py-2.5 font-medium text-primary-foreground hover:opacity-90"
      >
        <Trans>Start your free trial</Trans>
      </LocalizedLink>
    </section>
  );
}
