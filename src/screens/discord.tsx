import { Trans } from "@lingui/react/macro";
import type { ContentPageData } from "../content/page-data.ts";
import { siteConfig } from "#shared/site-config.ts";
import { Button } from "../ui/button.tsx";
import { ContentLocaleNotice } from "./parts/content-locale-notice.tsx";
import { MarkdownContent } from "./parts/markdown-content.tsx";
import { PageHeader } from "./parts/page-header.tsx";

/** The community page: the invitation to the Discord server, then what happens there. */
export function DiscordScreen({ title, description, html, contentLocale }: ContentPageData) {
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={title} description={description} lang={contentLocale}>
        <div>
          <Button asChild size="lg">
            <a href={siteConfig.discordInvite} rel="noopener noreferrer">
              <Trans>Join our Discord server</Trans>
            </a>
          </Button>
        </div>
      </PageHeader>
      <ContentLocaleNotice contentLocale={contentLocale} />
      <MarkdownContent html={html} lang={contentLocale} />
    </article>
  );
}
