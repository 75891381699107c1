import { useLingui } from "@lingui/react/macro";
import { Check } from "lucide-react";
import * as React from "react";
import { Button, type ButtonProps } from "./button.tsx";
import { StrokeIcon } from "./icons.tsx";

/** Copies with the Clipboard API, or a hidden selection where it is missing (old browsers, http). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("Copy failed");
}

type CopyButtonProps = Omit<ButtonProps, "onClick" | "asChild" | "pending" | "value"> & {
  /** The text to copy. */
  value: string;
  /** Milliseconds before the button goes back to its resting state. */
  resetAfter?: number;
  onCopied?: () => void;
};

/**
 * Copies `value`, shows a check mark and announces "Copied" in a polite live region, then resets.
 * Icon-only by default (give it an `aria-label` such as "Copy username"); children add visible text.
 */
function CopyButton({
  value,
  resetAfter = 2000,
  onCopied,
  variant = "outline",
  size = "icon",
  children,
  ...props
}: CopyButtonProps) {
  const { t } = useLingui();
  const [state, setState] = React.useState<"idle" | "copied" | "failed">("idle");
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await copyText(value);
      setState("copied");
      onCopied?.();
    } catch {
      setState("failed");
    }
    timer.current = setTimeout(() => setState("idle"), resetAfter);
  }

  return (
    <>
      <Button
        type="button"
        data-slot="copy-button"
        data-state={state}
        variant={variant}
        size={size}
        onClick={copy}
        {...props}
      >
        {state === "copied" ? <Check strokeWidth={2.5} className="text-success" /> : <CopyIcon />}
        {children}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied" ? t`Copied` : state === "failed" ? t`Copy failed` : ""}
      </span>
    </>
  );
}

/** Hand-drawn: lucide's `Copy` draws other squares. */
function CopyIcon() {
  return (
    <StrokeIcon>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" strokeLinecap="round" />
    </StrokeIcon>
  );
}

export { CopyButton, type CopyButtonProps };
