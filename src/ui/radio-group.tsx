import * as React from "react";
import { cn } from "../lib/cn.ts";
import { toggleBoxClassName, toggleInputClassName } from "./toggle-control.ts";

type RadioGroupContextValue = {
  name: string;
  value: string | undefined;
  disabled: boolean;
  select: (value: string) => void;
};

const RadioGroupContext = React.createContext<RadioGroupContextValue | null>(null);

type RadioGroupProps = Omit<React.ComponentProps<"div">, "defaultValue" | "onChange"> & {
  /** The radios' `name` (a form field); a generated one when omitted, so that they form one group. */
  name?: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
};

/**
 * Native radio inputs sharing one `name`: the browser gives them the keyboard behaviour of a radio
 * group (Tab enters at the checked one, arrow keys move the choice and wrap round, Space checks)
 * and sends the choice with the form. The `radiogroup` element takes the group's label and state
 * (`aria-labelledby`, `aria-invalid`, from `Field`).
 */
function RadioGroup({
  name,
  value,
  defaultValue,
  onValueChange,
  disabled = false,
  className,
  ...props
}: RadioGroupProps) {
  const generatedName = React.useId();
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue);
  const current = value ?? uncontrolled;
  const context = React.useMemo<RadioGroupContextValue>(
    () => ({
      name: name ?? generatedName,
      value: current,
      disabled,
      select: (next) => {
        setUncontrolled(next);
        onValueChange?.(next);
      },
    }),
    [name, generatedName, current, disabled, onValueChange],
  );
  return (
    <RadioGroupContext value={context}>
      <div role="radiogroup" data-slot="radio-group" className={cn("grid gap-3", className)} {...props} />
    </RadioGroupContext>
  );
}

/**
 * One radio: a native input drawn as a ring, with a dot when checked. `className` places it (the
 * ring and its dot are one box, which also dims as a whole when disabled).
 */
function RadioGroupItem({
  value,
  className,
  disabled,
  ...props
}: Omit<React.ComponentProps<"input">, "type" | "value" | "checked" | "defaultChecked" | "name"> & {
  value: string;
}) {
  const group = React.use(RadioGroupContext);
  const inactive = Boolean(disabled ?? group?.disabled);
  return (
    <span
      data-slot="radio-group-item"
      data-disabled={inactive ? "" : undefined}
      className={cn(toggleBoxClassName, className)}
    >
      <input
        type="radio"
        name={group?.name}
        value={value}
        checked={group ? group.value === value : undefined}
        disabled={inactive}
        onChange={(event) => {
          if (event.target.checked) group?.select(value);
        }}
        className={cn(toggleInputClassName, "rounded-full")}
        {...props}
      />
      <span
        data-slot="radio-group-indicator"
        aria-hidden="true"
        className="pointer-events-none relative hidden size-2.5 rounded-full bg-primary peer-checked:block"
      />
    </span>
  );
}

export { RadioGroup, RadioGroupItem };
