import { useLingui } from "@lingui/react/macro";
import type * as React from "react";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { cn } from "#src/lib/cn.ts";
import { siteConfig } from "#shared/site-config.ts";

/**
 * The logo mark, drawn with the theme's tokens (same shape as the favicon). `className` gives its
 * size (and place); `size-7` without one.
 */
export function LogoMark({ className = "size-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("shrink-0", className)}>
      <rect width="32" height="32" rx="8" style={{ fill: "var(--accent)" }} />
      <circle cx="16" cy="16" r="9" style={{ fill: "var(--primary)" }} />
      <circle cx="19" cy="13" r="4" style={{ fill: "var(--accent)" }} />
    </svg>
  );
}

/** The brand link to the home page; the name hides on very narrow screens, the mark stays. */
export function BrandLink({ className, ...props }: Omit<React.ComponentProps<typeof LocalizedLink>, "to">) {
  const { t } = useLingui();
  const name = siteConfig.name;
  return (
    <LocalizedLink
      to="/"
      data-slot="brand-link"
      aria-label={t`${name}, home`}
      className={cn(
        "flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight",
        className,
      )}
      {...props}
    >
      <LogoMark />
      <span className="sr-only min-[380px]:not-sr-only">{siteConfig.name}</span>
    </LocalizedLink>
  );
}
