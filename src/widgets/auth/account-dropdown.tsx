import { Trans, useLingui } from "@lingui/react/macro";
import type * as React from "react";
import { ChevronDown, LogOut, ShieldCheck, User } from "lucide-react";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import {
  planStatus,
  planStatusBadges,
  planStatusLabels,
  planStatuses,
  type PlanStatus,
} from "#src/auth/plan-status.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { useNow } from "#src/lib/use-now.ts";
import { Badge } from "#src/ui/badge.tsx";
import { Button } from "#src/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#src/ui/dropdown-menu.tsx";
import { AccountAvatar } from "./account-avatar.tsx";

/** What shows one plan status on a page without the app, where the page script names it on `<html>`. */
const shownForStatus: Record<PlanStatus, string> = {
  trial: "hidden in-data-[plan-status=trial]:contents",
  "awaiting-payment": "hidden in-data-[plan-status=awaiting-payment]:contents",
  scheduled: "hidden in-data-[plan-status=scheduled]:contents",
  paid: "hidden in-data-[plan-status=paid]:contents",
  canceling: "hidden in-data-[plan-status=canceling]:contents",
  "past-due": "hidden in-data-[plan-status=past-due]:contents",
  ended: "hidden in-data-[plan-status=ended]:contents",
};

/** What shows a part for an unverified address on a page without the app. */
const shownIfUnverified = {
  block: "hidden in-data-[session-unverified]:block",
  inline: "hidden in-data-[session-unverified]:inline",
};

/** The plan's badge: the user's status, or on a page without the app every status, one shown. */
function PlanBadge({ status, className }: { status: PlanStatus | null; className?: string }) {
  const { i18n } = useLingui();
  const badge = (shown: PlanStatus) => (
    <Badge variant={planStatusBadges[shown]} className={className}>
      {i18n._(planStatusLabels[shown])}
    </Badge>
  );
  if (status) return badge(status);
  return planStatuses.map((shown) => (
    <span key={shown} className={shownForStatus[shown]}>
      {badge(shown)}
    </span>
  ));
}

/**
 * The signed-in visitor's menu: who they are, their plan, account, admin and log out. With
 * `user` null it is the menu of a page without the app (see `StaticAccountCorner`): every part that
 * depends on the user is in the HTML, and the page script fills in the name and address, shows
 * the right badge and parts (src/enhance/page-script.ts), opens the menu and logs out.
 */
export function AccountDropdown({ user, onLogout }: { user: AuthUser | null; onLogout?: () => void }) {
  const { t } = useLingui();
  const now = useNow();
  const status = user ? planStatus(user, now) : null;
  const unverified = (part: React.ReactNode, display: "block" | "inline" = "block") => {
    if (user) return user.verified ? null : part;
    // A block part needs a block wrapper: a <span> may not hold a <div>.
    const Wrapper = display === "block" ? "div" : "span";
    return <Wrapper className={shownIfUnverified[display]}>{part}</Wrapper>;
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="avatar">
          <AccountAvatar user={user} />
          <PlanBadge status={status} className="max-sm:hidden" />
          {unverified(<span className="sr-only">{t`Email not verified`}</span>, "inline")}
          <ChevronDown aria-hidden="true" className="hidden text-muted-foreground sm:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" aria-label={t`Account`}>
        <DropdownMenuLabel>
          <div className="flex flex-col gap-0.5 py-0.5">
            <span className="flex items-center justify-between gap-2">
              {/* A long address is cut short (min-w-0), never under the badge. */}
              <span data-session-name="" className="min-w-0 truncate text-sm font-medium text-foreground">
                {user ? user.name.trim() || user.email : null}
              </span>
              <PlanBadge status={status} className="shrink-0" />
            </span>
            <span data-session-email="" className="truncate text-xs font-normal text-muted-foreground">
              {user?.email}
            </span>
          </div>
        </DropdownMenuLabel>
        {unverified(
          <div className="mx-1 mb-1 rounded-sm border border-warning/40 bg-warning/10 px-2 py-1.5 text-xs text-warning">
            <Trans>Verify your email: open the link we sent to your inbox.</Trans>
          </div>,
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <LocalizedLink to="/account">
            <User aria-hidden="true" />
            <Trans>Account</Trans>
          </LocalizedLink>
        </DropdownMenuItem>
        {user && !user.admin ? null : (
          <DropdownMenuItem asChild className={user ? undefined : "not-in-data-[session-admin]:hidden"}>
            <LocalizedLink to="/admin">
              <ShieldCheck aria-hidden="true" />
              <Trans>Admin</Trans>
            </LocalizedLink>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="danger" onSelect={onLogout} data-session-logout="">
          <LogOut aria-hidden="true" />
          <Trans>Log out</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
