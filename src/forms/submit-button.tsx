import { cn } from "../lib/cn.ts";
import { Button, type ButtonProps } from "../ui/button.tsx";
import type { FormStatus } from "./use-form.ts";

const widths = {
  auto: undefined,
  full: "w-full",
  "full-on-phone": "w-full sm:w-auto",
};

/**
 * The one pending-button pattern for forms: a submit Button, pending while the request runs.
 * `width`: its label's (`auto`, the default), the form's (`full`: one action under its fields), or
 * the form's on a phone and its label's from `sm` up (`full-on-phone`).
 */
export function SubmitButton({
  status,
  width = "auto",
  className,
  ...props
}: Omit<ButtonProps, "type" | "pending" | "disabled"> & {
  status: FormStatus | undefined;
  width?: keyof typeof widths;
}) {
  return (
    <Button
      type="submit"
      pending={status === "submitting"}
      className={cn(widths[width], className)}
      {...props}
    />
  );
}
