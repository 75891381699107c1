import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { ShieldCheck } from "lucide-react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { formatDate } from "#shared/format.ts";
import { recoveryCodeCount, totpDigits, type TotpSetup, type TotpStatus } from "#shared/two-factor.ts";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { collectErrors, requireValue } from "#src/forms/validation.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { Button } from "#src/ui/button.tsx";
import { CopyButton } from "#src/ui/copy-button.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";
import { CodeField } from "./auth-fields.tsx";
import { QrCode } from "./qr-code.tsx";
import { type IdentityActions, useIdentityConfirmation } from "./use-identity-confirmation.tsx";

export type TwoFactorActions = {
  load: () => Promise<ActionResult<TotpStatus>>;
  /** A new secret to scan (two-factor stays off until `confirm`). */
  setup: () => Promise<ActionResult<TotpSetup>>;
  /** Turns two-factor on with a code from the scanned secret; resolves the recovery codes. */
  confirm: (setupId: string, code: string) => Promise<ActionResult<string[]>>;
  /** `code`: a current code or a recovery code. */
  turnOff: (code: string) => Promise<ActionResult<unknown>>;
  newRecoveryCodes: (code: string) => Promise<ActionResult<string[]>>;
};

/** A base32 secret in groups of four, as people copy it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** One code and a submit: the scan's confirmation, turning off, new recovery codes. */
function CodeCheck({
  label,
  description,
  submitLabel,
  destructive = false,
  onCancel,
  ...props
}: FormProps<{ code: string }> & {
  label: string;
  description: React.ReactNode;
  submitLabel: React.ReactNode;
  destructive?: boolean;
  onCancel: () => void;
}) {
  const form = useForm<{ code: string }>({
    initialValues: { code: "" },
    validate: (v) => collectErrors({ code: requireValue(v.code) }),
    ...props,
  });
  return (
    <form className="flex flex-col gap-4" {...form.formProps}>
      <p className="text-sm text-muted-foreground">{description}</p>
      <FormAlert {...form.alert} />
      <CodeField
        name="code"
        label={label}
        value={form.values.code}
        onValueChange={(value) => form.setValue("code", value)}
        error={form.errorFor("code")}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton
          status={props.status}
          width="full-on-phone"
          variant={destructive ? "destructive" : "default"}
        >
          {submitLabel}
        </SubmitButton>
        <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once: to copy, download or write down. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useLingui();
  const text = codes.join("\n");
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${t`Recovery codes for ${email}`}\n\n${text}\n`], { type: "text/plain" }),
    );
    const link = document.createElement("a");
    link.href = url;
    link.download = "lumen-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div data-slot="recovery-codes" className="flex flex-col gap-4">
      <p className="text-sm">
        <Trans>
          Save these recovery codes somewhere safe, away from your phone. If you lose it, each code logs you
          in once. They are shown only now.
        </Trans>
      </p>
      <ul
        aria-label={t`Recovery codes`}
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <CopyButton value={text} size="default" className="w-full sm:w-auto">
          <Trans>Copy the codes</Trans>
        </CopyButton>
        <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={download}>
          <Trans>Download the codes</Trans>
        </Button>
        <Button type="button" className="w-full sm:w-auto" onClick={onDone}>
          <Trans>I have saved them</Trans>
        </Button>
      </div>
    </div>
  );
}

/**
 * The account's two-factor sign-in: after the password, a code from an authenticator app. Turns
 * it on (a QR code to scan, or its key to type, then one code to confirm; recovery codes shown
 * once), and once on, makes new recovery codes or turns it off, each with a code. Turning it on
 * asks "confirm it's you" first when the session has not proved it lately (`identity`). While the
 * account's address is not confirmed, it says why it cannot be turned on yet.
 */
export function TwoFactorCard({
  actions,
  identity,
  email,
  unverified = false,
  headingLevel = 2,
}: {
  actions: TwoFactorActions;
  identity: IdentityActions;
  /** The account's address: the downloaded codes say whose they are. */
  email: string;
  /** The account's address is not confirmed yet: the server refuses to turn it on until it is. */
  unverified?: boolean;
  headingLevel?: 1 | 2 | 3;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const titleId = React.useId();
  const [status, setStatus] = React.useState<TotpStatus | null>(null);
  const [loading, runLoad] = useAction(actions.load);
  const identityStep = useIdentityConfirmation(identity);
  const [starting, runSetup] = useAction(identityStep.confirming(actions.setup));
  const [confirming, runConfirm] = useAction(identityStep.confirming(actions.confirm));
  const [turningOff, runTurnOff] = useAction(actions.turnOff);
  const [renewing, runRenew] = useAction(actions.newRecoveryCodes);
  const [setup, setSetup] = React.useState<TotpSetup | null>(null);
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const [asking, setAsking] = React.useState<"turnOff" | "renew" | null>(null);
  const [turnedOff, setTurnedOff] = React.useState(false);

  const load = async () => {
    const result = await runLoad();
    if (result?.success) setStatus(result.data);
  };
  React.useEffect(() => {
    void load();
    // Once, when the card appears (as the passkeys card).
  }, []);

  let body: React.ReactNode;
  if (status === null) {
    body =
      loading.status === "error" ? (
        <div className="flex flex-col gap-3">
          <FormAlert status="error" message={loading.message} />
          <Button variant="outline" className="self-start" onClick={() => void load()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">
            <Trans>Loading your two-factor settings</Trans>
          </span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-10 w-48" />
        </div>
      );
  } else if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        email={email}
        onDone={() => {
          setCodes(null);
          void load();
        }}
      />
    );
  } else if (setup) {
    body = (
      <div data-slot="two-factor-setup" className="flex flex-col gap-4">
        <p className="text-sm">
          <Trans>
            Scan this QR code with your authenticator app (such as Google Authenticator, Microsoft
            Authenticator, 1Password or Aegis).
          </Trans>
        </p>
        <QrCode value={setup.uri} label={t`QR code for your authenticator app`} />
        <p className="text-sm">
          {/* On a phone, the app is on the same screen as the QR code: the link opens it. */}
          <a href={setup.uri} className={textLinkClassName}>
            <Trans>On this phone? Open the authenticator app</Trans>
          </a>
        </p>
        <div className="text-sm">
          <p className="text-muted-foreground">
            <Trans>Cannot scan it? Enter this key in the app instead:</Trans>
          </p>
          <p className="flex items-center gap-2">
            <code data-slot="totp-secret" className="font-mono break-words">
              {grouped(setup.secret)}
            </code>
            <CopyButton value={setup.secret} aria-label={t`Copy the key`} size="icon-sm" />
          </p>
        </div>
        <CodeCheck
          label={t`Code from the app`}
          description={<Trans>Then enter the {totpDigits}-digit code the app shows.</Trans>}
          submitLabel={<Trans>Turn on</Trans>}
          status={confirming.status}
          errors={confirming.errors}
          message={confirming.message}
          onCancel={() => setSetup(null)}
          onSubmit={async ({ code }) => {
            const result = await runConfirm(setup.setupId, code);
            if (result?.success) {
              setSetup(null);
              setCodes(result.data);
            }
          }}
        />
      </div>
    );
  } else if (status.enabled) {
    const since = formatDate(status.created, locale, "medium");
    const left = status.recoveryCodesLeft;
    body = (
      <div className="flex flex-col gap-4">
        <p className="flex items-start gap-2 text-sm">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          <span>
            <Trans>
              On since {since}. Recovery codes left: {left} of {recoveryCodeCount}.
            </Trans>
          </span>
        </p>
        {left <= 2 ? (
          <p className="text-sm text-warning">
            <Trans>Make new recovery codes before they run out.</Trans>
          </p>
        ) : null}
        {asking === "renew" ? (
          <CodeCheck
            label={t`Code from the app, or a recovery code`}
            description={<Trans>Your current recovery codes stop working when the new ones are made.</Trans>}
            submitLabel={<Trans>Make new codes</Trans>}
            status={renewing.status}
            errors={renewing.errors}
            message={renewing.message}
            onCancel={() => setAsking(null)}
            onSubmit={async ({ code }) => {
              const result = await runRenew(code);
              if (result?.success) {
                setAsking(null);
                setCodes(result.data);
              }
            }}
          />
        ) : asking === "turnOff" ? (
          <CodeCheck
            label={t`Code from the app, or a recovery code`}
            description={<Trans>Your password alone will open your account again.</Trans>}
            submitLabel={<Trans>Turn off</Trans>}
            destructive
            status={turningOff.status}
            errors={turningOff.errors}
            message={turningOff.message}
            onCancel={() => setAsking(null)}
            onSubmit={async ({ code }) => {
              const result = await runTurnOff(code);
              if (result?.success) {
                setAsking(null);
                setTurnedOff(true);
                setStatus({ enabled: false, created: "", recoveryCodesLeft: 0 });
              }
            }}
          />
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => setAsking("renew")}>
              <Trans>New recovery codes</Trans>
            </Button>
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => setAsking("turnOff")}>
              <Trans>Turn off</Trans>
            </Button>
          </div>
        )}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <FormSuccess show={turnedOff}>
          <Trans>Two-factor sign-in is off.</Trans>
        </FormSuccess>
        {turnedOff ? null : (
          <p className="text-sm text-muted-foreground">
            <Trans>Two-factor sign-in is off.</Trans>
          </p>
        )}
        <FormAlert status={starting.status} message={starting.message} />
        {unverified ? (
          <p data-slot="verify-email-first" className="text-sm text-muted-foreground">
            <Trans>
              To turn it on, first confirm your email address with the link we sent you (see the notice at the
              top of this page).
            </Trans>
          </p>
        ) : (
          <Button
            className="w-full sm:w-auto sm:self-start"
            pending={starting.status === "submitting"}
            onClick={async () => {
              setTurnedOff(false);
              const result = await runSetup();
              if (result?.success) setSetup(result.data);
            }}
          >
            <ShieldCheck aria-hidden="true" />
            <Trans>Turn on two-factor sign-in</Trans>
          </Button>
        )}
      </div>
    );
  }

  return (
    <AuthCard
      data-slot="two-factor"
      wide
      titleId={titleId}
      headingLevel={headingLevel}
      title={<Trans>Two-factor sign-in</Trans>}
      description={
        <Trans>
          After your password, enter a code from an authenticator app on your phone. A stolen password alone
          then cannot open your account.
        </Trans>
      }
    >
      {body}
      {identityStep.dialog}
    </AuthCard>
  );
}
