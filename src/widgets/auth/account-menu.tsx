import { Trans, useLingui } from "@lingui/react/macro";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { useAuth } from "../../auth/auth-state.tsx";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { cn } from "../../lib/cn.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../ui/tooltip.tsx";

export type AccountMenuProps = {
  className?: string;
  /** Called after "Log out" has cleared the session (e.g. to leave an account-only page). */
  onLogout?: () => void;
  /** The error state's retry; reloads the page by default. */
  onRetry?: () => void;
};

/** Up to two initials from the name, or the email's first letter. */
export function initialsOf(user: Pick<AuthUser, "name" | "email">): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  const initials = letters.map((word) => Array.from(word ?? "")[0] ?? "").join("");
  return (initials || Array.from(user.email)[0] || "?").toLocaleUpperCase();
}

/**
 * The header's account corner, one look per auth state: a placeholder while loading, log-in and
 * sign-up links when signed out, a menu (account, admin, log out) when signed in, a retry hint when
 * the account service is unreachable.
 */
export function AccountMenu({ className, onLogout, onRetry }: AccountMenuProps) {
  const { state, logout } = useAuth();
  const { t } = useLingui();
  const slot = { "data-slot": "account-menu", "data-state": state.status } as const;

  if (state.status === "loading") {
    return (
      <div {...slot} role="status" className={cn("flex items-center gap-2", className)}>
        <Skeleton className="size-8 rounded-full" />
        <Skeleton className="hidden h-4 w-24 sm:block" />
        <span className="sr-only">{t`Loading your account`}</span>
      </div>
    );
  }

  if (state.status === "anonymous") {
    return (
      <div {...slot} className={cn("flex items-center gap-1.5", className)}>
        {/* On the narrowest phones "Log in" lives in the menu sheet, so the header never wraps. */}
        <Button asChild variant="ghost" size="sm" className="max-[419px]:hidden">
          <LocalizedLink to="/login">
            <Trans>Log in</Trans>
          </LocalizedLink>
        </Button>
        <Button asChild size="sm">
          <LocalizedLink to="/signup">
            <Trans>Sign up</Trans>
          </LocalizedLink>
        </Button>
      </div>
    );
  }

  if (state.status === "error") {
    return (
      <div {...slot} className={cn("flex items-center", className)}>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              className="border-warning/40 text-warning hover:bg-warning/10"
              onClick={onRetry ?? (() => window.location.reload())}
            >
              <WarningIcon />
              <Trans>Account unavailable</Trans>
            </Button>
          </TooltipTrigger>
          <TooltipContent side="bottom" align="end">
            <Trans>We could not reach the account service. Click to try again.</Trans>
          </TooltipContent>
        </Tooltip>
      </div>
    );
  }

  const { user } = state;
  const paid = user.plan === "paid";
  const planLabel = paid ? t`Paid` : t`Trial`;
  const displayName = user.name.trim() || user.email;
  return (
    <div {...slot} className={cn("flex items-center gap-2", className)}>
      {user.verified ? null : (
        <Badge asChild variant="warning" className="hidden md:inline-flex">
          <LocalizedLink to="/account">
            <Trans>Verify your email</Trans>
          </LocalizedLink>
        </Badge>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="h-9 gap-2 px-1.5 sm:pr-2.5">
            <span
              aria-hidden="true"
              className="relative flex size-7 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground"
            >
              {initialsOf(user)}
              {user.verified ? null : (
                <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full border-2 border-background bg-warning" />
              )}
            </span>
            <span className="sr-only max-w-40 truncate sm:not-sr-only">{displayName}</span>
            <Badge variant={paid ? "default" : "secondary"} className="hidden sm:inline-flex">
              {planLabel}
            </Badge>
            {user.verified ? null : <span className="sr-only">{t`Email not verified`}</span>}
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
              className="hidden text-muted-foreground sm:block"
            >
              <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64" aria-label={t`Account`}>
          <DropdownMenuLabel className="flex flex-col gap-0.5 py-2">
            <span className="flex items-center justify-between gap-2">
              <span className="truncate text-sm font-medium text-foreground">{displayName}</span>
              <Badge variant={paid ? "default" : "secondary"}>{planLabel}</Badge>
            </span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          {user.verified ? null : (
            <div className="mx-1 mb-1 rounded-sm border border-warning/40 bg-warning/10 px-2 py-1.5 text-xs text-warning">
              <Trans>Verify your email: open the link we sent to your inbox.</Trans>
            </div>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <LocalizedLink to="/account">
              <UserIcon />
              <Trans>Account</Trans>
            </LocalizedLink>
          </DropdownMenuItem>
          {user.admin ? (
            <DropdownMenuItem asChild>
              <LocalizedLink to="/admin">
                <ShieldIcon />
                <Trans>Admin</Trans>
              </LocalizedLink>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="danger"
            onSelect={() => {
              logout();
              onLogout?.();
            }}
          >
            <LogOutIcon />
            <Trans>Log out</Trans>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
const UserIcon = () => <Icon d="M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z" />;
const ShieldIcon = () => <Icon d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />;
const LogOutIcon = () => <Icon d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />;
const WarningIcon = () => (
  <Icon d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
);
