import { useLingui } from "@lingui/react/macro";
import * as React from "react";
import { cn } from "../lib/cn.ts";
import { Input } from "./input.tsx";

/**
 * A password field with a show/hide toggle. The toggle's accessible name says what it will do
 * ("Show password" / "Hide password"). Props go to the `<input>`, so a Field wires it like an Input.
 */
function PasswordInput({ className, id, ...props }: Omit<React.ComponentProps<"input">, "type">) {
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
        aria-label={visible ? t`Hide password` : t`Show password`}
        onClick={() => setVisible((v) => !v)}
        disabled={props.disabled}
        className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground disabled:pointer-events-none"
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}

function EyeIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      className="size-4"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      className="size-4"
    >
      <path
        d="M10.7 5.1A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="m2 2 20 20" strokeLinecap="round" />
    </svg>
  );
}

export { PasswordInput, EyeIcon, EyeOffIcon };
