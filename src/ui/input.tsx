import type * as React from "react";
import { cn } from "../lib/cn.ts";

/** Shared by Input and PasswordInput so every text control looks the same. */
export const controlClassName =
  "w-full min-w-0 rounded-md border border-muted-foreground/60 bg-surface px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground hover:border-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-muted aria-invalid:border-danger sm:text-sm";

function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        controlClassName,
        "h-10 py-2 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground",
        className,
      )}
      {...props}
    />
  );
}

export { Input };
