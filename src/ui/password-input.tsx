import { useLingui } from "@lingui/react/macro";
import * as React from "react";
import { cn } from "../lib/cn.ts";
import { EyeIcon, EyeOffIcon } from "./icons.tsx";
import { Input } from "./input.tsx";

/**
 * A password field with a show/hide toggle. The toggle's accessible name says what it will do
 * ("Show password" / "Hide password"); on a form with several password fields, `toggleLabels`
 * name the field too ("Show current password"), so no two toggles sound alike. Other props go to
 * the `<input>`, so a Field wires it like an Input.
 */
function PasswordInput({
  className,
  id,
  toggleLabels,
  ...props
}: Omit<React.ComponentProps<"input">, "type"> & { toggleLabels?: { show: string; hide: string } }) {
  const { t } = useLingui();
  const [visible, setVisible] = React.useState(false);
  const fallbackId = React.useId();
  const inputId = id ?? fallbackId;
  return (
    <div data-slot="password-input" className={cn("relative", className)}>
      <Input id={inputId} type={visible ? "text" : "password"} className="pr-11" {...props} />
      <button
        type="button"
        data-slot="password-input-toggle"
        aria-controls={inputId}
        aria-label={
          visible ? (toggleLabels?.hide ?? t`Hide password`) : (toggleLabels?.show ?? t`Show password`)
        }
        onClick={() => setVisible((v) => !v)}
        disabled={props.disabled}
        className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground disabled:pointer-events-none"
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}

export { PasswordInput };
