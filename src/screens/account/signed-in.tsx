import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { checkoutReturnOf } from "#src/auth/billing.ts";
import { accountNotice, clearAccountNotice, type AccountNotice } from "#src/auth/route-middleware.ts";
import { useAction } from "#src/forms/use-action.ts";
import { Button } from "#src/ui/button.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { EmailChangeForm } from "#src/widgets/auth/email-change-form.tsx";
import { PasswordChangeForm } from "#src/widgets/auth/password-change-form.tsx";
import { ProfileForm } from "#src/widgets/auth/profile-form.tsx";
import { SendAgainIn } from "#src/widgets/auth/send-again-in.tsx";
import { useResend } from "#src/widgets/auth/use-countdown.ts";
import { BillingCard, type BillingActions, type CheckoutReturn } from "#src/widgets/billing/billing-card.tsx";
import { StremioCredentials } from "#src/widgets/stremio/stremio-credentials.tsx";
import { DeleteAccountForm } from "#src/widgets/auth/delete-account-form.tsx";
import { YourDataCard, type YourDataActions } from "#src/widgets/auth/your-data-card.tsx";
import type { IdentityActions } from "#src/widgets/auth/use-identity-confirmation.tsx";
import { PasskeysCard, type PasskeyActions } from "#src/widgets/auth/passkeys-card.tsx";
import type { TwoFactorActions } from "#src/widgets/auth/two-factor-card.tsx";
import { twoFactorCardHeight } from "./placeholder-heights.ts";

// Two-factor sign-in's card, with its QR code and recovery codes: loaded after the page's first
// paint, in the placeholder's size, so it adds nothing to the first visit's download.
const TwoFactorCard = lazy(() =>
  import("#src/widgets/auth/two-factor-card.tsx").then((module) => ({ default: module.TwoFactorCard })),
);

/** What the account page can do; the route binds them to PocketBase, stories to fakes. */
export type AccountActions = {
  updateName: (name: string) => Promise<ActionResult<unknown>>;
  requestEmailChange: (newEmail: string) => Promise<ActionResult<unknown>>;
  changePassword: (values: {
    oldPassword: string;
    password: string;
    passwordConfirm: string;
  }) => Promise<ActionResult<AuthUser | null>>;
  generateCredentials: () => Promise<ActionResult<unknown>>;
  resendVerification: (email: string) => Promise<ActionResult<unknown>>;
  billing: BillingActions;
  data: YourDataActions;
  /** The user's passkeys; `supported`: this browser can make them. */
  passkeys: PasskeyActions & { supported: boolean };
  /** Two-factor sign-in with an authenticator app. */
  twoFactor: TwoFactorActions;
  /** "Confirm it's you" before adding or removing a passkey or turning on two-factor sign-in. */
  identity: IdentityActions;
  /** Deletes the account after the password; the session ends with it. */
  deleteAccount: (password: string) => Promise<ActionResult<unknown>>;
};

function UnverifiedNotice({
  email,
  resend,
}: {
  email: string;
  resend: AccountActions["resendVerification"];
}) {
  const [state, send, cooldown] = useResend(resend);
  const { i18n } = useLingui();
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm sm:flex-row sm:items-center"
    >
      <p className="flex-1">
        <Trans>Please confirm your email address: we sent a link to {email}.</Trans>
        {state.status === "error" && state.message ? (
          <span className="block text-danger">{i18n._(state.message)}</span>
        ) : null}
        {state.status === "success" ? (
          <span className="block text-success">
            <Trans>A new link is on its way.</Trans>
          </span>
        ) : null}
      </p>
      <Button
        variant="outline"
        size="sm"
        pending={state.status === "submitting"}
        unavailable={cooldown > 0}
        onClick={() => void send(email)}
      >
        {cooldown > 0 ? <SendAgainIn seconds={cooldown} /> : <Trans>Resend the email</Trans>}
      </Button>
    </div>
  );
}

/**
 * How the visitor came back to this page (`?checkout=` of Checkout's return URLs, or a sign-up
 * whose payment could not start), read once; the address then drops the query, so a reload or a
 * shared link does not say it again.
 */
function useCheckoutReturn(notice: AccountNotice | null): CheckoutReturn | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [from] = useState<CheckoutReturn | null>(() =>
    notice === "checkout-failed" ? "failed" : checkoutReturnOf(params),
  );
  const hasQuery = params.has("checkout") || params.has("session_id");
  useEffect(() => {
    if (hasQuery) void navigate({ search: "" }, { replace: true, preventScrollReset: true });
  }, [hasQuery, navigate]);
  return from;
}

/** The account page of a signed-in visitor: every card, bound to `actions`. */
export function SignedIn({
  user,
  actions,
  onLogout,
  onSignedOut,
  onDeleted,
  onLeave,
}: {
  user: AuthUser;
  actions: AccountActions;
  onLogout: () => void;
  /** The session ended without "Log out" (a password change with two-factor sign-in on). */
  onSignedOut: () => void;
  onDeleted: () => void;
  onLeave?: (url: string) => void;
}) {
  const [profile, runProfile] = useAction(actions.updateName);
  const [deletion, runDeletion] = useAction(actions.deleteAccount);
  const [email, runEmail] = useAction(actions.requestEmailChange);
  const [password, runPassword] = useAction(actions.changePassword);
  const [credentials, runCredentials] = useAction(actions.generateCredentials);
  const stremio = user.expand?.stremio_via_user;
  // Read on the first render, so the notice never pushes the page down after it has been drawn;
  // cleared once shown. The signed-in view only ever renders in the browser, after the session check.
  const [notice] = useState<AccountNotice | null>(() =>
    typeof window === "undefined" ? null : accountNotice(),
  );
  useEffect(() => clearAccountNotice(), []);
  const checkoutReturn = useCheckoutReturn(notice);
  return (
    <div className="flex flex-col gap-6">
      {notice === "admin-only" ? (
        <p
          role="status"
          data-slot="account-notice"
          className="rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
        >
          <Trans>
            The administration page is for administrators only, so you are on your account instead.
          </Trans>
        </p>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            <Trans>Your account</Trans>
          </h1>
          <p className="text-muted-foreground">{user.email}</p>
        </div>
        <Button variant="outline" onClick={onLogout}>
          <Trans>Log out</Trans>
        </Button>
      </div>
      {!user.verified ? <UnverifiedNotice email={user.email} resend={actions.resendVerification} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6 [&>*]:max-w-none">
          <StremioCredentials
            credentials={
              stremio?.email && stremio.password
                ? { username: stremio.email, password: stremio.password }
                : null
            }
            status={credentials.status}
            message={credentials.message}
            onGenerate={() => void runCredentials()}
            unverified={!user.verified}
          />
          <BillingCard
            user={user}
            actions={actions.billing}
            checkoutReturn={checkoutReturn}
            onLeave={onLeave}
          />
          <YourDataCard newsletter={user.newsletter} actions={actions.data} />
        </div>
        <div className="flex flex-col gap-6 [&>*]:max-w-none">
          <ProfileForm
            defaultValues={{ name: user.name }}
            status={profile.status}
            errors={profile.errors}
            message={profile.message}
            onSubmit={({ name }) => void runProfile(name)}
          />
          <EmailChangeForm
            currentEmail={user.email}
            status={email.status}
            errors={email.errors}
            message={email.message}
            onSubmit={({ newEmail }) => void runEmail(newEmail)}
          />
          <PasswordChangeForm
            email={user.email}
            status={password.status}
            errors={password.errors}
            message={password.message}
            onSubmit={async (values) => {
              // Null: two-factor sign-in is on, so the new password needs a code; the session
              // ended and the login page says why.
              const result = await runPassword(values);
              if (result?.success && result.data === null) onSignedOut();
            }}
          />
          <PasskeysCard
            actions={actions.passkeys}
            identity={actions.identity}
            supported={actions.passkeys.supported}
            unverified={!user.verified}
          />
          <Suspense fallback={<Skeleton radius="xl" className={twoFactorCardHeight} />}>
            <TwoFactorCard
              actions={actions.twoFactor}
              identity={actions.identity}
              email={user.email}
              unverified={!user.verified}
            />
          </Suspense>
          <DeleteAccountForm
            email={user.email}
            status={deletion.status}
            errors={deletion.errors}
            message={deletion.message}
            onSubmit={async ({ password }) => {
              if ((await runDeletion(password))?.success) onDeleted();
            }}
          />
        </div>
      </div>
    </div>
  );
}
