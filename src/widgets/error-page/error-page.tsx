import { Trans } from "@lingui/react/macro";
import { LocalizedLink } from "../../i18n/localized-link.tsx";

export type ErrorPageProps = {
  /** HTTP status; SPEC §2: defaults to 500. */
  status?: number;
  /** A specific message; otherwise the status's default text. */
  message?: string;
};

/** The full-page error screen: a 404 "Page Not Found" variant, "Internal Server Error" otherwise. */
export function ErrorPage({ status = 500, message }: ErrorPageProps) {
  const notFound = status === 404;
  return (
    <main
      data-slot="error-page"
      className="mx-auto flex min-h-dvh w-full max-w-xl flex-col items-center justify-center gap-6 px-6 py-16 text-center"
    >
      <p className="text-7xl font-bold tracking-tight text-primary tabular-nums">{status}</p>
      <h1 className="text-2xl font-semibold">
        {notFound ? <Trans>Page Not Found</Trans> : <Trans>Internal Server Error</Trans>}
      </h1>
      {message ? <p className="break-words text-muted-foreground">{message}</p> : null}
      <LocalizedLink
        to="/"
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:opacity-90"
      >
        <Trans>Back to the home page</Trans>
      </LocalizedLink>
    </main>
  );
}
