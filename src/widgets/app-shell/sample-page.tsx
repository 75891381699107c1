import { Trans } from "@lingui/react/macro";

/** Stand-in page body for layout stories. */
export function SamplePage() {
  return (
    <article className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-3xl font-bold tracking-tight">
        <Trans>Set up Lumen on your TV</Trans>
      </h1>
      <p className="text-lg text-muted-foreground">
        <Trans>
          Install Stremio, sign in with the credentials from your account page, and start watching.
        </Trans>
      </p>
      <p className="text-muted-foreground">
        <Trans>
          Your credentials work on every device at the same time. If a device asks for a code instead, choose
          “Log in with email” and use the username and password shown on your account page.
        </Trans>
      </p>
    </article>
  );
}
