import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useAuth, type AuthUser } from "#src/auth/auth-state.tsx";
import { Button } from "#src/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#src/ui/card.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { AuthLinkButton } from "#src/widgets/auth/auth-link-button.tsx";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { twoFactorCardHeight } from "./placeholder-heights.ts";
import type { AccountActions } from "./signed-in.tsx";

// The signed-in page (its cards and forms) is loaded while the session is checked, in the
// placeholder below: nothing of it shows before that check, so the first visit does not wait for it.
const loadSignedIn = () => import("./signed-in.tsx");
const SignedIn = lazy(() => loadSignedIn().then((module) => ({ default: module.SignedIn })));

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
  useEffect(() => void loadSignedIn(), []);
  // The address of the account just deleted: the goodbye replaces the page.
  const [deleted, setDeleted] = useState<string | null>(null);
  if (deleted !== null) return <AccountDeleted email={deleted} />;
  return (
    <AuthGate loading={<AccountLoading />}>
      {(user) => (
        <Suspense fallback={<AccountLoading />}>
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
        </Suspense>
      )}
    </AuthGate>
  );
}
