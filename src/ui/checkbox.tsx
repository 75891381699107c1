import { Check } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn.ts";
import { toggleBoxClassName, toggleInputClassName } from "./toggle-control.ts";

/**
 * A native checkbox drawn as a rounded box, filled with a tick when checked: the browser gives it
 * its keyboard (Space), its label and its form value. `className` places it (the box and its
 * tick are one, which also dims as a whole when disabled).
 */
function Checkbox({
  className,
  onCheckedChange,
  onChange,
  disabled,
  ...props
}: Omit<React.ComponentProps<"input">, "type"> & { onCheckedChange?: (checked: boolean) => void }) {
  return (
    <span
      data-slot="checkbox"
      data-disabled={disabled ? "" : undefined}
      className={cn(toggleBoxClassName, className)}
    >
      <input
        type="checkbox"
        disabled={disabled}
        onChange={(event) => {
          onChange?.(event);
          onCheckedChange?.(event.target.checked);
        }}
        className={cn(toggleInputClassName, "rounded-sm checked:bg-primary")}
        {...props}
      />
      {/* Unchecked, an empty 18 px box: the line the control sits on is the one an empty <button>
          (the Radix checkbox this replaced) gives, so a row keeps its height. */}
      <span
        data-slot="checkbox-indicator"
        aria-hidden="true"
        className="pointer-events-none relative flex h-4.5 items-center justify-center text-primary-foreground peer-checked:h-auto [&>svg]:hidden peer-checked:[&>svg]:block"
      >
        <Check strokeWidth={3} className="size-3.5" />
      </span>
    </span>
  );
}

export { Checkbox };
