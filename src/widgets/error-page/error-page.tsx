import { Trans } from "@lingui/react/macro";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { Button } from "#src/ui/button.tsx";
import { LogoMark } from "../app-shell/brand.tsx";

export type ErrorPageProps = {
  /** HTTP status; 500 when none is known. */
  status?: number;
  /** A specific message; otherwise the status's default text. */
  message?: string;
};

/**
 * The full-page error screen: a 404 "Page Not Found" variant, "Internal Server Error" otherwise,
 * the status and message, and a way home (plus "Try again" when the error may be temporary).
 */
export function ErrorPage({ status = 500, message }: ErrorPageProps) {
  const notFound = status === 404;
  return (
    <main
      data-slot="error-page"
      className="relative isolate flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-background px-6 py-16 text-foreground"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)] opacity-80"
      />
      <div className="flex w-full max-w-lg flex-col items-center gap-6 text-center">
        <LogoMark className="size-10" />
        <p className="bg-linear-to-b from-foreground to-primary bg-clip-text text-8xl leading-none font-bold tracking-tighter text-transparent tabular-nums sm:text-9xl">
          {status}
        </p>
        <div className="flex flex-col gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            {notFound ? <Trans>Page Not Found</Trans> : <Trans>Internal Server Error</Trans>}
          </h1>
          <p className="break-words text-muted-foreground">
            {message ??
              (notFound ? (
                <Trans>The page you are looking for does not exist or has moved.</Trans>
              ) : (
                <Trans>Something went wrong on our side. Please try again in a moment.</Trans>
              ))}
          </p>
        </div>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <LocalizedLink to="/">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path
                  d="M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <Trans>Back to the home page</Trans>
            </LocalizedLink>
          </Button>
          {notFound ? null : (
            <Button variant="outline" size="lg" onClick={() => window.location.reload()}>
              <Trans>Try again</Trans>
            </Button>
          )}
        </div>
      </div>
    </main>
  );
}
