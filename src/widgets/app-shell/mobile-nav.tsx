import { Trans, useLingui } from "@lingui/react/macro";
import { Menu } from "lucide-react";
import { NavLink } from "react-router";
import { useAuth } from "#src/auth/auth-state.tsx";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { cn } from "#src/lib/cn.ts";
import { useScripts } from "#src/lib/use-scripts.ts";
import { Button } from "#src/ui/button.tsx";
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "#src/ui/sheet.tsx";
import { BrandLink } from "./brand.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { mainNav } from "./site-nav.ts";

/**
 * The phone navigation: a menu button opening a side sheet with the main links, the log-in links
 * for a signed-out visitor and the languages. The sheet is a native popover, so it opens on pages
 * without scripts too; there the page script decides between "Log in / Sign up" and "Account".
 */
export function MobileNav({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { state } = useAuth();
  const scripts = useScripts();
  const signedOut = !scripts || state.status === "anonymous";
  return (
    <Sheet id="mobile-nav">
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon-sm" className={className} aria-label={t`Open the menu`}>
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" aria-describedby={undefined} data-slot="mobile-nav">
        <SheetHeader>
          <SheetTitle className="sr-only">
            <Trans>Menu</Trans>
          </SheetTitle>
          <SheetClose asChild>
            <BrandLink className="self-start" />
          </SheetClose>
        </SheetHeader>
        <nav aria-label={t`Main`} className="px-3">
          <ul className="flex flex-col gap-0.5">
            {mainNav.map((item) => (
              <li key={item.to}>
                <SheetClose asChild>
                  <NavLink
                    to={localizePath(item.to, locale)}
                    className="flex h-11 items-center rounded-md px-3 text-base text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:font-medium aria-[current=page]:text-foreground"
                  >
                    {i18n._(item.label)}
                  </NavLink>
                </SheetClose>
              </li>
            ))}
          </ul>
        </nav>
        {signedOut ? (
          <div
            data-session-only={scripts ? undefined : "anonymous"}
            className="mt-auto flex flex-col gap-2 px-5 in-data-[session=authed]:hidden"
          >
            <SheetClose asChild>
              <Button asChild variant="outline">
                <LocalizedLink to="/login">
                  <Trans>Log in</Trans>
                </LocalizedLink>
              </Button>
            </SheetClose>
            <SheetClose asChild>
              <Button asChild>
                <LocalizedLink to="/signup">
                  <Trans>Sign up</Trans>
                </LocalizedLink>
              </Button>
            </SheetClose>
          </div>
        ) : null}
        <div
          className={cn(
            "flex items-center justify-between gap-3 border-t px-5 py-4",
            signedOut ? "in-data-[session=authed]:mt-auto" : "mt-auto",
          )}
        >
          <span className="text-sm text-muted-foreground">
            <Trans>Language</Trans>
          </span>
          <LanguageSwitcher />
        </div>
      </SheetContent>
    </Sheet>
  );
}
