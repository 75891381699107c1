import type * as React from "react";
import { cn } from "../lib/cn.ts";
import { controlClassName } from "./input.tsx";

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(controlClassName, "field-sizing-content min-h-24 py-2", className)}
      {...props}
    />
  );
}

export { Textarea };
