import { Trans } from "@lingui/react/macro";

/**
 * What a visitor with scripts turned off sees at the top of a page that needs them (sign-up, login,
 * account, ...): a `<noscript>` banner, so nobody else ever sees it.
 */
export function NeedsJavaScript() {
  return (
    <noscript>
      <p
        data-slot="needs-javascript"
        className="border-b border-warning/50 bg-warning/10 px-4 py-3 text-center text-sm text-foreground"
      >
        <Trans>This page needs JavaScript. Turn it on in your browser, then reload the page.</Trans>
      </p>
    </noscript>
  );
}
