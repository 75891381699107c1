import { Trans, useLingui } from "@lingui/react/macro";
import type { GuidesData } from "../content/page-data.ts";
import { ContentLocaleNotice } from "./parts/content-locale-notice.tsx";
import { MarkdownContent } from "./parts/markdown-content.tsx";
import { PageHeader } from "./parts/page-header.tsx";

/**
 * The guides: the introduction, then one section per device, each reachable by its anchor
 * (`/guides#tv`) from the device list at the top.
 */
export function GuidesScreen({ title, description, html, platforms, contentLocale }: GuidesData) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-10">
      <PageHeader title={title} description={description} lang={contentLocale} />
      <ContentLocaleNotice contentLocale={contentLocale} />
      <MarkdownContent html={html} lang={contentLocale} />
      <nav aria-label={t`Devices`} className="rounded-xl border bg-surface p-4">
        <p className="pb-3 text-sm font-medium text-muted-foreground">
          <Trans>Jump to your device</Trans>
        </p>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {platforms.map((guide) => (
            <li key={guide.slug}>
              <a
                href={`#${guide.platform}`}
                lang={guide.contentLocale}
                className="flex h-full flex-col gap-1 rounded-lg border bg-background p-3 hover:border-primary"
              >
                <span className="font-semibold">{guide.title}</span>
                <span className="text-sm text-muted-foreground">{guide.description}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {platforms.map((guide) => (
        <section
          key={guide.slug}
          id={guide.platform}
          aria-labelledby={`${guide.platform}-title`}
          lang={guide.contentLocale}
          className="flex scroll-mt-20 flex-col gap-4 border-t pt-10"
        >
          <h2 id={`${guide.platform}-title`} className="text-2xl font-bold tracking-tight">
            {guide.title}
          </h2>
          <p className="text-muted-foreground">{guide.description}</p>
          {guide.contentLocale !== contentLocale ? (
            <ContentLocaleNotice contentLocale={guide.contentLocale} />
          ) : null}
          <MarkdownContent html={guide.html} lang={guide.contentLocale} />
        </section>
      ))}
    </div>
  );
}
