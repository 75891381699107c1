import { Button, type ButtonProps } from "../ui/button.tsx";
import type { FormStatus } from "./use-form.ts";

/**
 * The one pending-button pattern for forms: a submit Button, pending while the request runs. Its
 * width is the caller's layout (`className`).
 */
export function SubmitButton({
  status,
  ...props
}: Omit<ButtonProps, "type" | "pending" | "disabled"> & { status: FormStatus | undefined }) {
  return <Button type="submit" pending={status === "submitting"} {...props} />;
}
