import { Trans, useLingui } from "@lingui/react/macro";
import type { ContentPageData } from "../content/page-data.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { currentBuildId } from "../lib/app-updates.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { ContentLocaleNotice } from "./parts/content-locale-notice.tsx";
import { MarkdownContent } from "./parts/markdown-content.tsx";
import { PageHeader } from "./parts/page-header.tsx";

/**
 * Test page: its content, then the build it runs and links that exercise the site's navigation
 * rules (route rules, both kinds of 404, hash scrolling). The team and the e2e tests use it.
 */
export function TestScreen({ title, description, html, contentLocale }: ContentPageData) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const build = hydrated ? (currentBuildId() ?? t`unknown`) : t`loading`;
  const links = [
    { to: "/terms", label: t`A route rule: /terms leads to the terms of use` },
    { to: "/community", label: t`A route rule: /community leads to the community page` },
    {
      to: "/discord/invite",
      label: t`A route rule to another site: /discord/invite opens the Discord invitation`,
    },
    { to: "/fr/docs/no-such-page", label: t`A documentation page that does not exist (error page)` },
    { to: "/fr/docs/account/extra", label: t`A documentation path with two segments (error page)` },
    { to: "/no-such-page", label: t`A path no page matches (page not found)` },
    { to: "/test-lottie", label: t`The animation test page` },
    { to: "/guides#tv", label: t`A section of another page: the TV guide` },
  ];
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={title} description={description} lang={contentLocale} />
      <ContentLocaleNotice contentLocale={contentLocale} />
      <MarkdownContent html={html} lang={contentLocale} />
      <section
        aria-labelledby="checks-title"
        className="flex flex-col gap-3 rounded-xl border bg-surface p-5"
      >
        <h2 id="checks-title" className="text-xl font-semibold">
          <Trans>Navigation checks</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Running build: {build}</Trans>
        </p>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          {links.map((link) => (
            <li key={link.to}>
              <LocalizedLink
                to={link.to}
                className="text-primary underline underline-offset-4 hover:no-underline"
              >
                {link.label}
              </LocalizedLink>
            </li>
          ))}
          <li>
            <a href="#end-of-page" className="text-primary underline underline-offset-4 hover:no-underline">
              <Trans>The end of this page (an anchor)</Trans>
            </a>
          </li>
        </ul>
      </section>
      {/* Room to scroll, so scroll restoration and anchors can be checked. */}
      <div aria-hidden="true" className="h-[150vh] rounded-xl border border-dashed" />
      <p id="end-of-page" className="scroll-mt-20 text-muted-foreground">
        <Trans>End of the test page.</Trans>
      </p>
    </div>
  );
}
