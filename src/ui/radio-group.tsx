import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn.ts";
import { toggleControlClassName } from "./toggle-control.ts";

function RadioGroup({ className, ...props }: React.ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root data-slot="radio-group" className={cn("grid gap-3", className)} {...props} />
  );
}

const arrowSteps: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * An arrow key checks the next (or previous) radio of the group at once, as native radios do.
 * Radix moves focus on a timer and checks only while the key is still down, so a quick press (a
 * keyboard's auto-repeat, a switch device, a test) moved focus without choosing.
 */
function checkNeighbour(event: React.KeyboardEvent<HTMLButtonElement>) {
  const step = arrowSteps[event.key];
  const group = event.currentTarget.closest('[role="radiogroup"]');
  if (!step || !group) return;
  const radios = [...group.querySelectorAll<HTMLButtonElement>('[role="radio"]:not([disabled])')];
  const next = radios[(radios.indexOf(event.currentTarget) + step + radios.length) % radios.length];
  event.preventDefault();
  next?.focus();
  next?.click();
}

function RadioGroupItem({
  className,
  onKeyDown,
  ...props
}: React.ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) checkNeighbour(event);
      }}
      className={cn(
        toggleControlClassName,
        "size-5 justify-center rounded-full bg-surface hover:border-muted-foreground",
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        data-slot="radio-group-indicator"
        className="block size-2.5 rounded-full bg-primary"
      />
    </RadioGroupPrimitive.Item>
  );
}

export { RadioGroup, RadioGroupItem };
