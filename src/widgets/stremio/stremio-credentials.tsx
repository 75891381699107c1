import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { ConfirmDialog } from "#src/ui/confirm-dialog.tsx";
import { Button } from "#src/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#src/ui/card.tsx";
import { CopyButton } from "#src/ui/copy-button.tsx";
import { EyeIcon, EyeOffIcon, StrokeIcon } from "#src/ui/icons.tsx";
import { Separator } from "#src/ui/separator.tsx";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import type { FormStatus } from "#src/forms/use-form.ts";
import { StremioSignInGuide } from "./stremio-sign-in-guide.tsx";

export type StremioCredentialsValue = { username: string; password: string };

export type StremioCredentialsProps = {
  /** The user's `stremio_username` / `stremio_password`; `null` (or empty strings) before any were generated. */
  credentials: StremioCredentialsValue | null;
  /** The generate/regenerate request. */
  status?: FormStatus;
  message?: string | MessageDescriptor;
  /** Generates new credentials (first time, or after the visitor confirmed "Regenerate"). */
  onGenerate: () => void;
  /** `null`: titles without heading elements, for a picture of the card that the outline skips. */
  headingLevel?: 2 | 3 | null;
  /** The address is not confirmed yet: the credentials sign in to Stremio only once it is. */
  unverified?: boolean;
};

/**
 * The Stremio access card: username and masked password with reveal and copy, "Regenerate" behind
 * a confirmation, and how to sign in on each platform. Without credentials, a "Generate" empty state.
 */
export function StremioCredentials({
  credentials,
  status = "idle",
  message,
  onGenerate,
  headingLevel = 2,
  unverified = false,
}: StremioCredentialsProps) {
  const titleId = React.useId();
  const cardRef = React.useRef<HTMLDivElement>(null);
  // Whether the last request replaced existing credentials (the success note says both changed).
  const [replaced, setReplaced] = React.useState(false);
  const generate = () => {
    setReplaced(ready);
    onGenerate();
  };
  const Heading = headingLevel ? (`h${headingLevel}` as const) : "div";
  const ready = credentials !== null && credentials.username !== "" && credentials.password !== "";
  // "Generate" disappears once the credentials exist: keep keyboard focus on the card rather
  // than letting it fall to the top of the page.
  React.useEffect(() => {
    const card = cardRef.current;
    if (ready && card && document.activeElement === document.body && status === "success") card.focus();
  }, [ready, status]);
  return (
    <Card
      data-slot="stremio-credentials"
      data-state={ready ? "ready" : "empty"}
      aria-labelledby={titleId}
      role="region"
      ref={cardRef}
      tabIndex={-1}
      className="w-full max-w-2xl outline-none"
    >
      <CardHeader>
        <CardTitle asChild>
          <Heading id={titleId}>
            <Trans>Stremio credentials</Trans>
          </Heading>
        </CardTitle>
        <CardDescription>
          {ready ? (
            <Trans>Use these credentials to sign in to Stremio on any of your devices.</Trans>
          ) : (
            <Trans>Generate your Stremio credentials to watch on your devices.</Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {unverified ? (
          <p
            data-slot="credentials-wait"
            className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
          >
            <Trans>
              Your Stremio credentials start working once you confirm your email address with the link we sent
              you.
            </Trans>
          </p>
        ) : null}
        <FormAlert status={status} message={message} />
        <FormSuccess show={status === "success"}>
          {replaced ? (
            <Trans>
              Your new Stremio credentials are ready: both the username and the password changed. Sign in
              again with them on your devices.
            </Trans>
          ) : (
            <Trans>Your Stremio credentials are ready.</Trans>
          )}
        </FormSuccess>
        {ready ? (
          <CredentialList credentials={credentials} />
        ) : (
          <EmptyState status={status} onGenerate={generate} />
        )}
        {ready ? (
          <>
            <Separator />
            <StremioSignInGuide headingLevel={headingLevel && (headingLevel === 2 ? 3 : 4)} />
          </>
        ) : null}
      </CardContent>
      {ready ? (
        <CardFooter stacked>
          <p className="text-sm text-muted-foreground">
            <Trans>New credentials replace these on every device.</Trans>
          </p>
          <RegenerateButton status={status} onConfirm={generate} />
        </CardFooter>
      ) : null}
    </Card>
  );
}

function CredentialList({ credentials }: { credentials: StremioCredentialsValue }) {
  const { t } = useLingui();
  const [revealed, setRevealed] = React.useState(false);
  const passwordId = React.useId();
  return (
    <dl className="grid grid-cols-1 gap-4">
      <div className="grid min-w-0 gap-1.5">
        <dt className="text-sm font-medium">
          <Trans>Username (email)</Trans>
        </dt>
        <dd className="flex min-w-0 items-center gap-2">
          <code className={credentialClassName}>
            <Unbroken value={credentials.username} />
          </code>
          <CopyButton value={credentials.username} aria-label={t`Copy username`} />
        </dd>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <dt className="text-sm font-medium">
          <Trans>Password</Trans>
        </dt>
        <dd className="flex min-w-0 items-center gap-2">
          <code id={passwordId} className={credentialClassName}>
            {revealed ? (
              credentials.password
            ) : (
              <>
                <span aria-hidden="true">{"•".repeat(credentials.password.length)}</span>
                <span className="sr-only">
                  <Trans>Hidden</Trans>
                </span>
              </>
            )}
          </code>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-controls={passwordId}
            aria-label={revealed ? t`Hide password` : t`Show password`}
            onClick={() => setRevealed((v) => !v)}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </Button>
          <CopyButton value={credentials.password} aria-label={t`Copy password`} />
        </dd>
      </div>
    </dl>
  );
}

function EmptyState({ status, onGenerate }: { status: FormStatus; onGenerate: () => void }) {
  return (
    <div
      data-slot="stremio-credentials-empty"
      className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-border px-6 py-10 text-center"
    >
      {/* Hand-drawn: lucide's keys draw another bow and bit. */}
      <StrokeIcon strokeWidth="1.5" className="size-10 text-muted-foreground">
        <circle cx="8" cy="15" r="4" />
        <path
          d="m10.8 12.2 8.7-8.7M16 7l2.5 2.5M18.5 4.5 21 7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </StrokeIcon>
      <div className="grid gap-1">
        <p className="font-medium">
          <Trans>No Stremio credentials yet</Trans>
        </p>
        <p className="text-sm text-muted-foreground">
          <Trans>We create a username and a strong password for Stremio. It only takes a second.</Trans>
        </p>
      </div>
      <Button type="button" pending={status === "submitting"} onClick={onGenerate}>
        <Trans>Generate my credentials</Trans>
      </Button>
    </div>
  );
}

function RegenerateButton({ status, onConfirm }: { status: FormStatus; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" pending={status === "submitting"}>
          <Trans>Regenerate</Trans>
        </Button>
      }
      title={<Trans>Regenerate your Stremio credentials?</Trans>}
      description={
        <Trans>
          Both your Stremio username and your password will change, and the current ones will stop working.
          You will need to sign in again with the new credentials on every device.
        </Trans>
      }
      confirm={<Trans>Regenerate</Trans>}
      onConfirm={onConfirm}
    />
  );
}

/**
 * People retype credentials on a TV: a value never breaks inside a word. It may wrap only before
 * the `@` of the username (each part stays whole); a part too long for the box scrolls.
 */
const credentialClassName =
  "min-w-0 flex-1 overflow-x-auto rounded-md border border-border bg-background px-3 py-2 font-mono text-sm break-normal";

function Unbroken({ value }: { value: string }) {
  const at = value.indexOf("@");
  if (at <= 0) return <span data-slot="credential-part">{value}</span>;
  return (
    <>
      <span data-slot="credential-part">{value.slice(0, at)}</span>
      <wbr />
      <span data-slot="credential-part">{value.slice(at)}</span>
    </>
  );
}
