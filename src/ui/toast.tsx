import { useLingui } from "@lingui/react/macro";
import { cva, type VariantProps } from "class-variance-authority";
import { Toast as ToastPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn.ts";
import { CrossIcon } from "./icons.tsx";
import { dismissToast, useToast } from "./use-toast.ts";

function ToastProvider(props: React.ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider data-slot="toast-provider" {...props} />;
}

function ToastViewport({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      className={cn(
        "fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  "relative flex w-full items-start gap-3 rounded-lg border bg-surface-raised p-4 pr-10 text-foreground shadow-lg shadow-black/50 data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
  {
    variants: {
      variant: {
        default: "border-border",
        success: "border-success/50 border-l-4 border-l-success",
        danger: "border-danger/50 border-l-4 border-l-danger",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

function Toast({
  className,
  variant,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return (
    <ToastPrimitive.Root data-slot="toast" className={cn(toastVariants({ variant }), className)} {...props} />
  );
}

function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title
      data-slot="toast-title"
      className={cn("text-sm font-semibold", className)}
      {...props}
    />
  );
}

function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Close>) {
  const { t } = useLingui();
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label={t`Close`}
      className={cn(
        "absolute top-2 right-2 inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground",
        className,
      )}
      {...props}
    >
      <CrossIcon className="size-4" />
    </ToastPrimitive.Close>
  );
}

/** Renders the toasts raised with `toast()`; mount one per page. */
function Toaster() {
  const { t } = useLingui();
  const { toasts } = useToast();
  return (
    <ToastProvider label={t`Notification`}>
      {toasts.map((item) => (
        <Toast
          key={item.id}
          variant={item.variant}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{item.title}</ToastTitle>
            {item.description ? <ToastDescription>{item.description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport label={`${t`Notifications`} ({hotkey})`} />
    </ToastProvider>
  );
}

export { Toast, ToastClose, ToastDescription, Toaster, ToastProvider, ToastTitle, ToastViewport };
