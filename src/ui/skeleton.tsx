import type * as React from "react";
import { cn } from "../lib/cn.ts";

const radii = { md: "rounded-md", lg: "rounded-lg", xl: "rounded-xl", full: "rounded-full" } as const;

/**
 * A placeholder block that pulses while content loads; decorative, so hidden from assistive tech.
 * `radius` matches the corners of what it stands for (a card, an avatar).
 */
function Skeleton({
  className,
  radius = "md",
  ...props
}: React.ComponentProps<"div"> & { radius?: keyof typeof radii }) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse bg-muted", radii[radius], className)}
      {...props}
    />
  );
}

export { Skeleton };
