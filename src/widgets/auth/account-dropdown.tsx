import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronDown, LogOut, ShieldCheck, User } from "lucide-react";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { planStatus, planStatusBadges, planStatusLabels } from "../../auth/plan-status.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { useNow } from "../../lib/use-now.ts";
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
import { AccountAvatar } from "./account-menu.tsx";

/** The signed-in visitor's menu: who they are, their plan, account, admin and log out. */
export function AccountDropdown({ user, onLogout }: { user: AuthUser; onLogout: () => void }) {
  const { t, i18n } = useLingui();
  const status = planStatus(user, useNow());
  const planLabel = i18n._(planStatusLabels[status]);
  const badge = planStatusBadges[status];
  const displayName = user.name.trim() || user.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="avatar">
          <AccountAvatar user={user} />
          <Badge variant={badge} className="max-sm:hidden">
            {planLabel}
          </Badge>
          {user.verified ? null : <span className="sr-only">{t`Email not verified`}</span>}
          <ChevronDown aria-hidden="true" className="hidden text-muted-foreground sm:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" aria-label={t`Account`}>
        <DropdownMenuLabel>
          <div className="flex flex-col gap-0.5 py-0.5">
            <span className="flex items-center justify-between gap-2">
              <span className="truncate text-sm font-medium text-foreground">{displayName}</span>
              <Badge variant={badge}>{planLabel}</Badge>
            </span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </div>
        </DropdownMenuLabel>
        {user.verified ? null : (
          <div className="mx-1 mb-1 rounded-sm border border-warning/40 bg-warning/10 px-2 py-1.5 text-xs text-warning">
            <Trans>Verify your email: open the link we sent to your inbox.</Trans>
          </div>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <LocalizedLink to="/account">
            <User aria-hidden="true" />
            <Trans>Account</Trans>
          </LocalizedLink>
        </DropdownMenuItem>
        {user.admin ? (
          <DropdownMenuItem asChild>
            <LocalizedLink to="/admin">
              <ShieldCheck aria-hidden="true" />
              <Trans>Admin</Trans>
            </LocalizedLink>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="danger" onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          <Trans>Log out</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
