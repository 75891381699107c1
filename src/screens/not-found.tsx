import { Trans } from "@lingui/react/macro";
import { LocalizedLink } from "../i18n/localized-link.tsx";

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

/** The 404 shown inside the site's layout. */
export function NotFoundScreen({ path, kind = "no-route" }: NotFoundScreenProps) {
  return (
    <section data-slot="not-found" className="flex flex-col items-start gap-4 py-8">
      <p className="text-5xl font-bold text-primary tabular-nums">404</p>
      <h1 className="text-2xl font-semibold break-all">
        {kind === "invalid" ? <Trans>Page Not Found: {path}</Trans> : <Trans>Page not found: {path}</Trans>}
      </h1>
      <p className="text-muted-foreground">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <LocalizedLink to="/" className="font-medium text-primary underline underline-offset-4">
        <Trans>Back to the home page</Trans>
      </LocalizedLink>
    </section>
  );
}
