import type * as React from "react";

/**
 * The frame of the hand-drawn icons (24 × 24, stroked in the text colour, hidden from assistive
 * tech). Lucide icons are used wherever one draws the same glyph; these differ from lucide's.
 */
export function StrokeIcon({ strokeWidth = 2, ...props }: React.ComponentProps<"svg">) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
      {...props}
    />
  );
}

/** A circled exclamation mark: field and form errors. */
export function AlertCircleIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
    </StrokeIcon>
  );
}

/** A circled tick: success notes. */
export function CheckCircleIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.5 2.5L16 9.5" strokeLinecap="round" strokeLinejoin="round" />
    </StrokeIcon>
  );
}

/** An open eye: "show" a hidden secret. */
export function EyeIcon({ className = "size-4" }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
    </StrokeIcon>
  );
}

/** A struck-out eye: "hide" a shown secret. */
export function EyeOffIcon({ className = "size-4" }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path
        d="M10.7 5.1A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="m2 2 20 20" strokeLinecap="round" />
    </StrokeIcon>
  );
}
