import { Trans } from "@lingui/react/macro";
import { LocalizedLink } from "../i18n/localized-link.tsx";

/** The non-fatal 404 shown inside the layout for a path that matches no route. */
export function NotFoundScreen({ path }: { path: string }) {
  return (
    <section className="flex flex-col items-start gap-4 py-8">
      <p className="text-5xl font-bold text-primary tabular-nums">404</p>
      <h1 className="text-2xl font-semibold break-all">
        <Trans>Page not found: {path}</Trans>
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
