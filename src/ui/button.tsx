import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn.ts";
import { Spinner } from "./spinner.tsx";

const buttonVariants = cva(
  "relative inline-flex shrink-0 cursor-pointer items-center gap-2 rounded-md font-medium transition-colors select-none disabled:pointer-events-none disabled:opacity-60 data-pending:cursor-progress [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary/90",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        outline: "border border-input bg-transparent text-foreground hover:bg-muted",
        /** An outlined warning (a service that cannot be reached). */
        "outline-warning": "border border-warning/40 bg-transparent text-warning hover:bg-warning/10",
        ghost: "text-foreground hover:bg-muted",
        destructive: "bg-danger text-danger-foreground hover:bg-danger/90",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-8 px-3 text-xs whitespace-nowrap",
        default: "h-10 px-4 text-sm whitespace-nowrap",
        lg: "h-11 px-6 text-base whitespace-nowrap",
        icon: "size-10 text-sm whitespace-nowrap",
        "icon-sm": "size-9 text-sm whitespace-nowrap",
        /** The account corner's button: an avatar, then the name from `sm` up. */
        avatar: "h-9 px-1.5 text-sm whitespace-nowrap sm:pr-2.5",
        /**
         * The default button, but its label wraps onto more lines rather than run off a narrow
         * screen (the docs' page picker on a phone).
         */
        multiline: "min-h-10 px-4 py-2 text-left text-sm",
      },
      /** Where the label sits in a button wider than it (`w-full`). */
      align: {
        center: "justify-center",
        start: "justify-start",
      },
    },
    defaultVariants: { variant: "default", size: "default", align: "center" },
  },
);

type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, ...) with the button's styles instead of a `<button>`. */
    asChild?: boolean;
    /**
     * Work in progress: `aria-busy`, a spinner over the invisible label (same width, still named by
     * it), and activation ignored. It stays focusable (`aria-disabled`, not `disabled`): a disabled
     * button drops keyboard focus to the top of the page while its request runs.
     */
    pending?: boolean;
    /** Not usable for now (a resend cooldown): dimmed and ignored, but keeps focus like `pending`. */
    unavailable?: boolean;
  };

function Button({
  className,
  variant,
  size,
  align,
  asChild = false,
  pending = false,
  unavailable = false,
  onClick,
  children,
  ...props
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root
        data-slot="button"
        className={cn(buttonVariants({ variant, size, align }), className)}
        onClick={onClick}
        {...props}
      >
        {children}
      </Slot.Root>
    );
  }
  const inert = pending || unavailable;
  return (
    <button
      data-slot="button"
      data-pending={pending || undefined}
      aria-disabled={inert || undefined}
      aria-busy={pending || undefined}
      className={cn(
        buttonVariants({ variant, size, align }),
        inert && "pointer-events-none",
        unavailable && !pending && "opacity-60",
        className,
      )}
      onClick={(event) => {
        // Also stops a submit button's form submission and a dialog trigger from opening.
        if (inert) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    >
      <span
        data-slot="button-label"
        className={cn("inline-flex items-center justify-center gap-2", pending && "opacity-0")}
      >
        {children}
      </span>
      {pending ? (
        <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <Spinner size="sm" tone="inherit" />
        </span>
      ) : null}
    </button>
  );
}

export { Button, buttonVariants, type ButtonProps };
