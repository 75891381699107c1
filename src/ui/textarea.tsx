import type * as React from "react";
import { cn } from "../lib/cn.ts";
import { controlClassName } from "./input.tsx";

/** A text control of several lines, drawn as Input; it grows with its text up to `max-h-64`. */
function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(controlClassName, "field-sizing-content max-h-64 min-h-20 py-2", className)}
      {...props}
    />
  );
}

export { Textarea };
