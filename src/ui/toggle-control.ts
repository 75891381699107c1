/**
 * What the on/off controls share: a bordered, pointer control that turns to the primary colour
 * when checked, with the same disabled and invalid looks. Switch is Radix's (a button with
 * `data-state`); Checkbox and RadioGroupItem are native inputs drawn in a box of their own.
 */
export const toggleControlClassName =
  "peer inline-flex shrink-0 cursor-pointer items-center border border-muted-foreground/60 transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger data-[state=checked]:border-primary";

/** The box around a native checkbox or radio: its size and place, dimmed as a whole when disabled. */
export const toggleBoxClassName =
  "peer relative inline-flex size-5 shrink-0 items-center justify-center has-disabled:opacity-60";

/** The native checkbox or radio itself, covering its box (the mark is drawn over it). */
export const toggleInputClassName =
  "peer absolute inset-0 cursor-pointer appearance-none border border-muted-foreground/60 bg-surface transition-colors checked:border-primary not-checked:hover:border-muted-foreground disabled:cursor-not-allowed aria-invalid:border-danger";
