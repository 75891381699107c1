import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { KeyRound } from "lucide-react";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { PasskeyInfo } from "#shared/passkeys.ts";
import { formatDate } from "#shared/format.ts";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { Button } from "#src/ui/button.tsx";
import { ConfirmDialog } from "#src/ui/confirm-dialog.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { AuthCard } from "./auth-card.tsx";
import { type IdentityActions, useIdentityConfirmation } from "./use-identity-confirmation.tsx";

export type PasskeyActions = {
  list: () => Promise<ActionResult<PasskeyInfo[]>>;
  /** Creates a passkey on this device and registers it (the browser asks for the screen lock). */
  add: () => Promise<ActionResult<PasskeyInfo>>;
  remove: (id: string) => Promise<ActionResult<unknown>>;
};

function PasskeyRow({
  passkey,
  onRemove,
  pending,
}: {
  passkey: PasskeyInfo;
  onRemove: () => void;
  pending: boolean;
}) {
  const locale = useLocale();
  const name = passkey.name;
  const created = formatDate(passkey.created, locale, "medium");
  const lastUsed = passkey.lastUsed ? formatDate(passkey.lastUsed, locale, "medium") : null;
  return (
    <li data-slot="passkey" className="flex flex-wrap items-center gap-3 py-3">
      <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium break-words">{name}</p>
        <p className="text-muted-foreground">
          {lastUsed ? (
            <Trans>
              Added {created}, last used {lastUsed}
            </Trans>
          ) : (
            <Trans>Added {created}, never used</Trans>
          )}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" pending={pending}>
            <Trans>
              Remove<span className="sr-only"> the passkey {name}</span>
            </Trans>
          </Button>
        }
        title={<Trans>Remove the passkey “{name}”?</Trans>}
        description={
          <Trans>
            You will no longer log in with it. Your password and your other passkeys keep working.
          </Trans>
        }
        confirm={<Trans>Remove the passkey</Trans>}
        onConfirm={onRemove}
      />
    </li>
  );
}

/**
 * The account page's passkeys: sign-in with the device's screen lock instead of the password.
 * Lists the user's passkeys (name, when added, when last used), adds one made on this device,
 * removes one after a confirmation. Both ask "confirm it's you" first when the session has not
 * proved it lately (`identity`). Where the browser cannot make passkeys it says so; while the
 * account's address is not confirmed, it says why none can be added yet.
 */
export function PasskeysCard({
  actions,
  identity,
  supported,
  unverified = false,
  headingLevel = 2,
}: {
  actions: PasskeyActions;
  identity: IdentityActions;
  /** The browser can make passkeys (`passkeysSupported()`). */
  supported: boolean;
  /** The account's address is not confirmed yet: the server refuses a new passkey until it is. */
  unverified?: boolean;
  headingLevel?: 1 | 2 | 3;
}) {
  const titleId = React.useId();
  const [passkeys, setPasskeys] = React.useState<PasskeyInfo[] | null>(null);
  const [listing, runList] = useAction(actions.list);
  const { confirming, dialog } = useIdentityConfirmation(identity);
  const [adding, runAdd] = useAction(confirming(actions.add));
  const [removing, runRemove] = useAction(confirming(actions.remove));
  const [removingId, setRemovingId] = React.useState<string | null>(null);
  const [added, setAdded] = React.useState<string | null>(null);
  const [removed, setRemoved] = React.useState<string | null>(null);

  const load = async () => {
    const result = await runList();
    if (result?.success) setPasskeys(result.data);
  };
  React.useEffect(() => {
    void load();
    // Once, when the card appears: the page gives new actions whenever the user record changes
    // (a saved name, a changed password), which is no reason to ask the server again.
  }, []);

  return (
    <AuthCard
      data-slot="passkeys"
      wide
      titleId={titleId}
      headingLevel={headingLevel}
      title={<Trans>Passkeys</Trans>}
      description={
        <Trans>
          Log in with your fingerprint, face or screen lock instead of your password. A passkey stays on your
          device and cannot be phished.
        </Trans>
      }
    >
      <div className="flex flex-col gap-4">
        {passkeys === null && listing.status === "error" ? (
          <div className="flex flex-col gap-3">
            <FormAlert status="error" message={listing.message} />
            <Button variant="outline" className="self-start" onClick={() => void load()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : passkeys === null ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">
              <Trans>Loading your passkeys</Trans>
            </span>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>You have no passkey yet.</Trans>
          </p>
        ) : (
          <ul aria-labelledby={titleId} className="divide-y divide-border">
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                pending={removing.status === "submitting" && removingId === passkey.id}
                onRemove={async () => {
                  setRemovingId(passkey.id);
                  setAdded(null);
                  const result = await runRemove(passkey.id);
                  if (result?.success) {
                    setRemoved(passkey.name);
                    setPasskeys((list) => list?.filter((item) => item.id !== passkey.id) ?? null);
                  }
                }}
              />
            ))}
          </ul>
        )}
        <FormAlert status={removing.status} message={removing.message} />
        <FormSuccess show={removing.status === "success" && removed !== null}>
          <Trans>Passkey removed: {removed}.</Trans>
        </FormSuccess>
        <FormAlert status={adding.status} message={adding.message} />
        <FormSuccess show={adding.status === "success" && added !== null}>
          <Trans>Passkey added: {added}. Next time, log in with it.</Trans>
        </FormSuccess>
        {unverified ? (
          <p data-slot="verify-email-first" className="text-sm text-muted-foreground">
            <Trans>
              To add a passkey, first confirm your email address with the link we sent you (see the notice at
              the top of this page).
            </Trans>
          </p>
        ) : supported ? (
          <Button
            className="w-full sm:w-auto sm:self-start"
            pending={adding.status === "submitting"}
            unavailable={passkeys === null}
            onClick={async () => {
              setRemoved(null);
              const result = await runAdd();
              if (result?.success) {
                setAdded(result.data.name);
                setPasskeys((list) => [...(list ?? []), result.data]);
              }
            }}
          >
            <KeyRound aria-hidden="true" />
            <Trans>Add a passkey</Trans>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>This browser cannot make passkeys. Your password still works everywhere.</Trans>
          </p>
        )}
      </div>
      {dialog}
    </AuthCard>
  );
}
