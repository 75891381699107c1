import { useLingui } from "@lingui/react/macro";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { Slot } from "radix-ui";
import { createContext, use, useId, type ComponentProps, type MouseEvent } from "react";
import { cn } from "../lib/cn.ts";
import { backdropClassName } from "./overlay.ts";

/**
 * A side panel built on the native `popover` attribute rather than a script: the trigger, the close
 * button, Escape and a click outside all work on prerendered pages that ship no JavaScript. Choosing
 * a link inside closes it (on pages without scripts the page script does that for in-page links).
 */
const SheetContext = createContext<string | null>(null);

function useSheetId(): string {
  const id = use(SheetContext);
  if (!id) throw new Error("Sheet parts need a <Sheet> around them");
  return id;
}

/**
 * Hides the sheet whose link was chosen (on pages where React runs). The link loses focus first, so
 * the browser does not move focus, and the page, back to the menu button: after choosing a heading
 * the reader stays at that heading.
 */
function hideSheetOf(event: MouseEvent<HTMLElement>) {
  const panel = event.currentTarget.closest<HTMLElement>("[popover]");
  if (!panel?.matches(":popover-open")) return;
  event.currentTarget.blur();
  panel.hidePopover();
}

function Sheet({ id, children }: { id?: string; children: React.ReactNode }) {
  const generated = useId();
  return <SheetContext value={id ?? `sheet-${generated}`}>{children}</SheetContext>;
}

function SheetTrigger({ asChild, ...props }: ComponentProps<"button"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "button";
  const id = useSheetId();
  return (
    <Comp
      data-slot="sheet-trigger"
      type="button"
      aria-haspopup="dialog"
      aria-controls={id}
      popoverTarget={id}
      popoverTargetAction="show"
      {...props}
    />
  );
}

/**
 * Closes the sheet. A button does it natively (`popovertargetaction="hide"`); with `asChild` the
 * child (usually a link) closes it when clicked.
 */
function SheetClose({ asChild, onClick, ...props }: ComponentProps<"button"> & { asChild?: boolean }) {
  const id = useSheetId();
  if (asChild) {
    return (
      <Slot.Root
        data-slot="sheet-close"
        onClick={(event: MouseEvent<HTMLElement>) => {
          onClick?.(event as MouseEvent<HTMLButtonElement>);
          hideSheetOf(event);
        }}
        {...props}
      />
    );
  }
  return (
    <button
      data-slot="sheet-close"
      type="button"
      popoverTarget={id}
      popoverTargetAction="hide"
      onClick={onClick}
      {...props}
    />
  );
}

const sheetContentVariants = cva(
  // The UA styles of a popover centre it with margins and a border: a sheet pins it to one edge.
  [
    "fixed z-50 m-0 flex-col gap-4 overflow-y-auto border-0 border-border bg-surface p-0 text-foreground shadow-2xl shadow-black/60 open:flex",
    backdropClassName,
  ],
  {
    variants: {
      side: {
        right: "inset-y-0 right-0 left-auto h-dvh max-h-none w-[85%] max-w-sm border-l",
        left: "inset-y-0 right-auto left-0 h-dvh max-h-none w-[85%] max-w-sm border-r",
        top: "inset-x-0 top-0 bottom-auto h-auto max-h-[85dvh] w-full max-w-none border-b",
        bottom: "inset-x-0 top-auto bottom-0 h-auto max-h-[85dvh] w-full max-w-none border-t",
      },
    },
    defaultVariants: { side: "right" },
  },
);

/** The panel, a dialog named by its `SheetTitle`, with a translated close button. */
function SheetContent({
  className,
  children,
  side,
  ...props
}: ComponentProps<"div"> & VariantProps<typeof sheetContentVariants>) {
  const { t } = useLingui();
  const id = useSheetId();
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      data-slot="sheet-content"
      data-side={side ?? "right"}
      className={cn(sheetContentVariants({ side }), className)}
      {...props}
    >
      {children}
      <SheetClose className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground">
        <X aria-hidden="true" className="size-5" />
        <span className="sr-only">{t`Close`}</span>
      </SheetClose>
    </div>
  );
}

function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="sheet-header"
      className={cn("flex flex-col gap-1.5 px-5 pt-5 pr-14", className)}
      {...props}
    />
  );
}

function SheetFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="sheet-footer" className={cn("mt-auto flex flex-col gap-2 p-5", className)} {...props} />
  );
}

function SheetTitle({ className, ...props }: ComponentProps<"h2">) {
  const id = useSheetId();
  return (
    <h2
      id={`${id}-title`}
      data-slot="sheet-title"
      className={cn("text-base font-semibold text-foreground", className)}
      {...props}
    />
  );
}

function SheetDescription({ className, ...props }: ComponentProps<"p">) {
  const id = useSheetId();
  return (
    <p
      id={`${id}-description`}
      data-slot="sheet-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

export {
  Sheet,
  SheetClose,
  SheetContent,
  sheetContentVariants,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
};
