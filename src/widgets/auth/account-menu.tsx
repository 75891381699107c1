import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { localizePath } from "#shared/i18n/paths.ts";
import { useAuth } from "#src/auth/auth-state.tsx";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { useLocale } from "#src/i18n/use-locale.ts";
import { cn } from "#src/lib/cn.ts";
import { useScripts } from "#src/lib/use-scripts.ts";
import { Badge } from "#src/ui/badge.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { AccountDropdown } from "./account-dropdown.tsx";
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

// The error state's tooltip (Radix tooltip, popper, floating-ui) loads only for the visitors who
// see it. The menu is a native popover, in every page's HTML: pages without the app show it too.
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

  if (state.status === "loading") return <AccountLoading className={className} />;

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
      {user.verified ? null : <VerifyBadge />}
      <AccountDropdown
        user={user}
        onLogout={() => {
          logout();
          if (onLogout) onLogout();
          else void navigate(localizePath("/login", locale));
        }}
      />
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

/** The header's reminder of an unverified address, leading to the account page. */
function VerifyBadge() {
  return (
    <Badge asChild variant="warning" className="max-md:hidden">
      <LocalizedLink to="/account">
        <Trans>Verify your email</Trans>
      </LocalizedLink>
    </Badge>
  );
}

/**
 * The account corner of a page prerendered without scripts: both faces are in the HTML. The page
 * script marks `<html data-session="authed">` when a stored session is valid, which shows the
 * account menu instead of "Log in / Sign up", and fills it in from the session (name, address,
 * plan, admin, verified: src/enhance/page-script.ts); the menu opens and logs out without the app.
 */
function StaticAccountCorner({ className }: { className?: string }) {
  return (
    <div data-slot="account-menu" data-state="static" className={cn("flex items-center", className)}>
      <SignInLinks data-session-only="anonymous" className="in-data-[session=authed]:hidden" />
      <div data-session-only="authed" className="flex items-center gap-2 not-in-data-[session=authed]:hidden">
        <span className="hidden in-data-[session-unverified]:contents">
          <VerifyBadge />
        </span>
        <AccountDropdown user={null} />
      </div>
    </div>
  );
}
