import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn.ts";

function Card({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card"
      className={cn(
        "flex flex-col gap-6 rounded-xl border border-border bg-surface py-6 text-foreground",
        className,
      )}
      {...props}
    />
  );
}

function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn("flex flex-col gap-1.5 px-6", className)} {...props} />;
}

/** A `div` by default; pass `asChild` with the heading level the page needs (`<h1>`, `<h2>`, ...). */
function CardTitle({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<"div"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "div";
  return (
    <Comp
      data-slot="card-title"
      className={cn("text-xl leading-tight font-semibold tracking-tight text-balance", className)}
      {...props}
    />
  );
}

function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return (
    <p data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}

function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("px-6", className)} {...props} />;
}

/** `stacked`: its parts one under the other on a phone, in a row spread apart from `sm` up. */
function CardFooter({
  className,
  stacked = false,
  ...props
}: React.ComponentProps<"div"> & { stacked?: boolean }) {
  return (
    <div
      data-slot="card-footer"
      className={cn(
        "flex px-6",
        stacked
          ? "flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between"
          : "items-center gap-3",
        className,
      )}
      {...props}
    />
  );
}

export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle };
