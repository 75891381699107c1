import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { ActionResult } from "../../auth/action-result.ts";
import { useAuth, type AuthUser } from "../../auth/auth-state.tsx";
import { checkoutReturnOf } from "../../auth/billing.ts";
import { takeAccountNotice, type AccountNotice } from "../../auth/route-middleware.ts";
import { useAction } from "../../forms/use-action.ts";
import { Button } from "../../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/card.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { AuthLinkButton } from "../../widgets/auth/auth-link-button.tsx";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { EmailChangeForm } from "../../widgets/auth/email-change-form.tsx";
import { PasswordChangeForm } from "../../widgets/auth/password-change-form.tsx";
import { ProfileForm } from "../../widgets/auth/profile-form.tsx";
import { resendCooldownSeconds, useCountdown } from "../../widgets/auth/use-countdown.ts";
import {
  BillingCard,
  type BillingActions,
  type CheckoutReturn,
} from "../../widgets/billing/billing-card.tsx";
import { StremioCredentials } from "../../widgets/stremio/stremio-credentials.tsx";
import { DeleteAccountForm } from "../../widgets/auth/delete-account-form.tsx";
import { YourDataCard, type YourDataActions } from "../../widgets/auth/your-data-card.tsx";
import { PasskeysCard, type PasskeyActions } from "../../widgets/auth/passkeys-card.tsx";
import type { TwoFactorActions } from "../../widgets/auth/two-factor-card.tsx";

// Two-factor sign-in's card, with its QR code and recovery codes: loaded after the page's first
// paint, in the placeholder's size, so it adds nothing to the first visit's download.
const TwoFactorCard = lazy(() =>
  import("../../widgets/auth/two-factor-card.tsx").then((module) => ({ default: module.TwoFactorCard })),
);
const twoFactorCardHeight = "h-[261px] sm:h-[221px]";

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
  const [state, run] = useAction(resend);
  const [cooldown, start] = useCountdown();
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
        onClick={async () => {
          if ((await run(email))?.success) start(resendCooldownSeconds);
        }}
      >
        {cooldown > 0 ? <Trans>Resend in {cooldown} s</Trans> : <Trans>Resend the email</Trans>}
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

function SignedIn({
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
  const hasCredentials = Boolean(user.stremio_username && user.stremio_password);
  // Read on the first render, so the notice never pushes the page down after it has been drawn.
  // The signed-in view only ever renders in the browser, after the session check.
  const [notice] = useState<AccountNotice | null>(() =>
    typeof window === "undefined" ? null : takeAccountNotice(),
  );
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
              hasCredentials ? { username: user.stremio_username, password: user.stremio_password } : null
            }
            status={credentials.status}
            message={credentials.message}
            onGenerate={() => void runCredentials()}
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
          <PasskeysCard actions={actions.passkeys} supported={actions.passkeys.supported} />
          <Suspense fallback={<Skeleton radius="xl" className={twoFactorCardHeight} />}>
            <TwoFactorCard actions={actions.twoFactor} email={user.email} />
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

/**
 * The account page while the session is checked: the same blocks as the signed-in page, at the
 * heights they have with credentials and a verified address (measured at 390 and 1440 px wide), so
 * nothing below them moves when the page arrives. The footer, in particular, stays out of view.
 */
function AccountLoading() {
  return (
    <div role="status" data-slot="account-loading" className="flex flex-col gap-6">
      <span className="sr-only">
        <Trans>Loading your account</Trans>
      </span>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col">
          <div className="flex h-9 items-center">
            <Skeleton className="h-7 w-56" />
          </div>
          <div className="flex h-6 items-center">
            <Skeleton className="h-4 w-60 max-w-full" />
          </div>
        </div>
        <Skeleton className="h-9 w-28" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <Skeleton radius="xl" className="h-[618px] sm:h-[550px]" />
          <Skeleton radius="xl" className="h-[362px] sm:h-[290px]" />
          <Skeleton radius="xl" className="h-[618px] sm:h-[284px]" />
        </div>
        <div className="flex flex-col gap-6">
          <Skeleton radius="xl" className="h-[252px]" />
          <Skeleton radius="xl" className="h-[312px] sm:h-[292px]" />
          <Skeleton radius="xl" className="h-[475px] sm:h-[455px]" />
          <Skeleton radius="xl" className="h-[241px] sm:h-[221px]" />
          <Skeleton radius="xl" className={twoFactorCardHeight} />
          <Skeleton radius="xl" className="h-[597px] sm:h-[319px]" />
        </div>
      </div>
    </div>
  );
}

/** Account pages' content for a signed-in user, and their loading, signed-out and error states. */
export function AuthGate({
  children,
  loading,
}: {
  children: (user: AuthUser) => ReactNode;
  /** What shows while the session is checked; by default a generic placeholder. */
  loading?: ReactNode;
}) {
  const { state } = useAuth();
  if (state.status === "loading") {
    if (loading) return loading;
    return (
      <div role="status" className="flex flex-col gap-6">
        <span className="sr-only">
          <Trans>Loading your account</Trans>
        </span>
        <Skeleton className="h-9 w-56" />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <CardTitle asChild>
            <h1>
              <Trans>Your account is unavailable</Trans>
            </h1>
          </CardTitle>
          <CardDescription>
            <Trans>
              We cannot reach the account service right now. You are still signed in; try again in a moment.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => window.location.reload()}>
            <Trans>Try again</Trans>
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (state.status === "anonymous") {
    return (
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <CardTitle asChild>
            <h1>
              <Trans>Your account</Trans>
            </h1>
          </CardTitle>
          <CardDescription>
            <Trans>Log in to see your account and your Stremio credentials.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="flex gap-3">
          <AuthLinkButton to="/login" />
          <AuthLinkButton to="/signup" variant="outline" />
        </CardContent>
      </Card>
    );
  }
  return children(state.user);
}

/** After "Delete my account": what happened, and the way back. */
function AccountDeleted({ email }: { email: string }) {
  return (
    <Card role="status" data-slot="account-deleted" className="mx-auto max-w-md">
      <CardHeader>
        <CardTitle asChild>
          <h1>
            <Trans>Your account is deleted</Trans>
          </h1>
        </CardTitle>
        <CardDescription>
          <Trans>
            Your account, your Stremio credentials and your sessions are gone. We sent a confirmation to{" "}
            {email}.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild>
          <LocalizedLink to="/">
            <Trans>Back to the home page</Trans>
          </LocalizedLink>
        </Button>
        <AuthLinkButton to="/signup" variant="outline" />
      </CardContent>
    </Card>
  );
}

/** `/account`: profile, email and password change, plan, Stremio credentials; one look per auth state. */
export function AccountScreen({
  actionsFor,
  onLoggedOut,
  onLeave,
}: {
  actionsFor: (user: AuthUser) => AccountActions;
  /** After "Log out" cleared the session (the route leaves for the login page). */
  onLoggedOut?: () => void;
  /** Goes to a payment page (Checkout, the portal); the browser's location by default. */
  onLeave?: (url: string) => void;
}) {
  const { logout } = useAuth();
  // The address of the account just deleted: the goodbye replaces the page.
  const [deleted, setDeleted] = useState<string | null>(null);
  if (deleted !== null) return <AccountDeleted email={deleted} />;
  return (
    <AuthGate loading={<AccountLoading />}>
      {(user) => (
        <SignedIn
          user={user}
          actions={actionsFor(user)}
          onLogout={() => {
            logout();
            onLoggedOut?.();
          }}
          onSignedOut={() => onLoggedOut?.()}
          onDeleted={() => {
            setDeleted(user.email);
            logout();
          }}
          onLeave={onLeave}
        />
      )}
    </AuthGate>
  );
}
