/**
 * What the on/off controls (Checkbox, RadioGroupItem, Switch) share: a bordered, pointer control
 * that turns to the primary colour when checked, with the same disabled and invalid looks.
 */
export const toggleControlClassName =
  "peer inline-flex shrink-0 cursor-pointer items-center border border-muted-foreground/60 transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger data-[state=checked]:border-primary";
