import { Label as LabelPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn.ts";

/** `beside`: the label of a checkbox or switch, on the line height that centres it on the control. */
function Label({
  className,
  beside = false,
  ...props
}: React.ComponentProps<typeof LabelPrimitive.Root> & { beside?: boolean }) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        // `data-disabled`: a control drawn around a native input (RadioGroupItem) marks its box.
        "text-sm font-medium text-foreground select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-data-disabled:cursor-not-allowed peer-data-disabled:opacity-60",
        beside ? "leading-6" : "leading-snug",
        className,
      )}
      {...props}
    />
  );
}

export { Label };
