import { msg } from "@lingui/core/macro";
import { Trans as Translated, useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { pathSegments } from "#shared/path-segments.ts";
import { docsSearchId } from "../widgets/docs-search/anchor.ts";

export type NotFoundScreenProps = {
  /** The path the visitor asked for. */
  path: string;
  /**
   * `no-route`: no page has this path ("Page not found: {path}"); `invalid`: a page's path whose
   * part names nothing, such as an unknown doc or post ("Page Not Found: {path}"). One design, the
   * two texts the product has always shown.
   */
  kind?: "no-route" | "invalid";
};

const linkClassName = "font-medium text-primary underline underline-offset-4 hover:no-underline";

/**
 * The sections whose index a missing page under them leads back to. The prerendered 404 pages
 * cannot know the path (the server writes it in, `data-path` included), so CSS shows the link
 * whose prefix the path starts with: the English and French prefixes of each section (a page's
 * path is always in its own locale, so only one can match).
 */
const sections = [
  {
    index: "/blog",
    label: msg`See all blog posts`,
    shownUnder: "in-[[data-path^='/blog/']]:block in-[[data-path^='/fr/blog/']]:block",
  },
  {
    index: "/fr/docs",
    label: msg`Go to the documentation`,
    shownUnder: "in-[[data-path^='/fr/docs/']]:block in-[[data-path^='/fr/fr/docs/']]:block",
  },
];

/**
 * The requested path, which wraps only after a slash: each segment is a box of its own, broken
 * inside only when it is wider than the line by itself. On a prerendered page the server writes
 * the same boxes where the placeholder's box is (server/site/serve.ts).
 */
function RequestPath({ path }: { path: string }) {
  return (
    <span data-request-path="" className="*:inline-block *:max-w-full *:break-words">
      {pathSegments(path).map((segment, index) => (
        <span key={index}>{segment}</span>
      ))}
    </span>
  );
}

/** The 404 shown inside the site's layout: the path, then the home page, the section's index, the docs search. */
export function NotFoundScreen({ path, kind = "no-route" }: NotFoundScreenProps) {
  const { i18n } = useLingui();
  const title = kind === "invalid" ? msg`Page Not Found: ${path}` : msg`Page not found: ${path}`;
  return (
    <section data-slot="not-found" data-path={path} className="flex flex-col items-start gap-4 py-8">
      <p className="text-5xl font-bold text-primary tabular-nums">404</p>
      {/* Named by its plain text: screen readers would read a space between the path's boxes. */}
      <h1 aria-label={i18n._(title)} className="text-2xl font-semibold">
        <Translated id={title.id} message={title.message} values={{ path: <RequestPath path={path} /> }} />
      </h1>
      <p className="text-muted-foreground">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <ul className="flex flex-col gap-2">
        <li>
          <LocalizedLink to="/" className={linkClassName}>
            <Trans>Back to the home page</Trans>
          </LocalizedLink>
        </li>
        {sections.map((section) => (
          <li key={section.index} className={`hidden ${section.shownUnder}`}>
            <LocalizedLink to={section.index} className={linkClassName}>
              {i18n._(section.label)}
            </LocalizedLink>
          </li>
        ))}
        <li>
          <LocalizedLink to={`/fr/docs#${docsSearchId}`} className={linkClassName}>
            <Trans>Search the documentation</Trans>
          </LocalizedLink>
        </li>
      </ul>
    </section>
  );
}
