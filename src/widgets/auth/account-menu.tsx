import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { localizePath } from "../../../shared/i18n/paths.ts";
import { useAuth, type AuthUser } from "../../auth/auth-state.tsx";
import { initialsOf } from "../../auth/initials.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { cn } from "../../lib/cn.ts";
import { useScripts } from "../../lib/use-scripts.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { AuthLinkButton } from "./auth-link-button.tsx";

export type AccountMenuProps = {
  className?: string;
  /**
   * Called after "Log out" has cleared the session; by default the visitor goes to the login page,
   * which says they are logged out (as the account page's own "Log out" does).
   */
  onLogout?: () => void;
  /** The error state's retry; reloads the page by default. */
  onRetry?: () => void;
};

// The menu and the error state's tooltip load only for the visitors who see them, so a signed-out
// visitor's first page carries neither. A stored session starts the menu's download while the
// session is being checked.
const loadDropdown = () => import("./account-dropdown.tsx");
const AccountDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.AccountDropdown })));
const AccountUnavailable = lazy(() =>
  import("./account-unavailable.tsx").then((m) => ({ default: m.AccountUnavailable })),
);

/**
 * The header's account corner, one look per auth state: a placeholder while loading, log-in and
 * sign-up links when signed out, a menu (account, admin, log out) when signed in, a retry hint when
 * the account service is unreachable. On a page without scripts, the corner the page script picks
 * from the stored session (see `StaticAccountCorner`).
 */
export function AccountMenu({ className, onLogout, onRetry }: AccountMenuProps) {
  const { state, logout } = useAuth();
  const scripts = useScripts();
  const navigate = useNavigate();
  const locale = useLocale();
  const slot = { "data-slot": "account-menu", "data-state": state.status } as const;

  if (!scripts) return <StaticAccountCorner className={className} />;

  if (state.status === "loading") {
    if (typeof document !== "undefined" && document.cookie.includes("pb_auth=")) void loadDropdown();
    return <AccountLoading className={className} />;
  }

  if (state.status === "anonymous") {
    return <SignInLinks {...slot} className={className} />;
  }

  if (state.status === "error") {
    return (
      <div {...slot} className={cn("flex items-center", className)}>
        <Suspense fallback={<Skeleton className="h-8 w-40" />}>
          <AccountUnavailable onRetry={onRetry ?? (() => window.location.reload())} />
        </Suspense>
      </div>
    );
  }

  const { user } = state;
  return (
    <div {...slot} className={cn("flex items-center gap-2", className)}>
      {user.verified ? null : (
        <Badge asChild variant="warning" className="max-md:hidden">
          <LocalizedLink to="/account">
            <Trans>Verify your email</Trans>
          </LocalizedLink>
        </Badge>
      )}
      <Suspense fallback={<AccountLoading />}>
        <AccountDropdown
          user={user}
          onLogout={() => {
            logout();
            if (onLogout) onLogout();
            else void navigate(localizePath("/login", locale));
          }}
        />
      </Suspense>
    </div>
  );
}

function AccountLoading({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <div
      data-slot="account-menu"
      data-state="loading"
      role="status"
      className={cn("flex items-center gap-2", className)}
    >
      <Skeleton radius="full" className="size-8" />
      <Skeleton className="hidden h-4 w-24 sm:block" />
      <span className="sr-only">{t`Loading your account`}</span>
    </div>
  );
}

function SignInLinks({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div className={cn("flex items-center gap-1.5", className)} {...props}>
      {/* On the narrowest phones "Log in" lives in the menu sheet, so the header never wraps. */}
      <AuthLinkButton to="/login" variant="ghost" size="sm" className="max-[419px]:hidden" />
      <AuthLinkButton to="/signup" size="sm" />
    </div>
  );
}

/** The avatar with initials and, from `sm` up, the name: the face of the account menu's button. */
export function AccountAvatar({ user }: { user: Pick<AuthUser, "name" | "email" | "verified"> }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="relative flex size-7 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground"
      >
        <span data-session-initials="">{initialsOf(user)}</span>
        {user.verified ? null : (
          <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full border-2 border-background bg-warning" />
        )}
      </span>
      <span data-session-name="" className="sr-only max-w-40 truncate sm:not-sr-only">
        {user.name.trim() || user.email}
      </span>
    </>
  );
}

/**
 * The account corner of a page prerendered without scripts: both faces are in the HTML, and the
 * page script marks `<html data-session="authed">` when a stored session is valid, which shows the
 * account link (with the visitor's name and initials filled in) instead of "Log in / Sign up".
 */
function StaticAccountCorner({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <div data-slot="account-menu" data-state="static" className={cn("flex items-center", className)}>
      <SignInLinks data-session-only="anonymous" className="in-data-[session=authed]:hidden" />
      <Button
        asChild
        variant="ghost"
        size="avatar"
        data-session-only="authed"
        className="not-in-data-[session=authed]:hidden"
      >
        <LocalizedLink to="/account" aria-label={t`Account`}>
          <AccountAvatar user={{ name: "", email: "", verified: true }} />
        </LocalizedLink>
      </Button>
    </div>
  );
}
