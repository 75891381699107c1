import { useLingui } from "@lingui/react/macro";
import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn.ts";

const spinnerVariants = cva("inline-flex shrink-0 items-center gap-2", {
  variants: {
    /** `inherit`: the ring in the surrounding text colour (a pending button's label colour). */
    tone: {
      muted: "text-muted-foreground",
      inherit: "[&_path]:stroke-current",
    },
    size: {
      sm: "[&_svg]:size-4",
      md: "[&_svg]:size-6",
      lg: "[&_svg]:size-10",
    },
  },
  defaultVariants: { size: "md", tone: "muted" },
});

/**
 * A spinning ring announced as a status. `label` is what assistive tech reads (default: "Loading");
 * `showLabel` also prints it beside the ring.
 */
function Spinner({
  className,
  size,
  tone,
  label,
  showLabel = false,
  ...props
}: React.ComponentProps<"span"> &
  VariantProps<typeof spinnerVariants> & { label?: string; showLabel?: boolean }) {
  const { t } = useLingui();
  const text = label ?? t`Loading`;
  return (
    <span
      data-slot="spinner"
      role="status"
      className={cn(spinnerVariants({ size, tone }), className)}
      {...props}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
        className="animate-spin motion-reduce:animate-none"
      >
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path
          d="M21.5 12A9.5 9.5 0 0 0 12 2.5"
          stroke="var(--primary)"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className={cn(showLabel ? "text-sm" : "sr-only")}>{text}</span>
    </span>
  );
}

export { Spinner, spinnerVariants };
