import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type * as React from "react";
import { cn } from "../../lib/cn.ts";
import { Button, type ButtonProps } from "../../ui/button.tsx";
import { AlertCircleIcon, CheckCircleIcon } from "../../ui/icons.tsx";
import { formErrorMessage } from "../../auth/field-error-message.ts";
import { Spinner } from "../../ui/spinner.tsx";
import { AuthLinkButton } from "./auth-link-button.tsx";
import type { FormStatus } from "./use-auth-form.ts";

/** The form-level error, announced at once (role="alert"); only in the "error" status. */
export function FormAlert({
  status,
  message,
  className,
}: {
  status: FormStatus | undefined;
  message: string | MessageDescriptor | undefined;
  className?: string;
}) {
  const { i18n } = useLingui();
  return (
    <div role="alert" data-slot="form-alert" className={cn(status !== "error" && "hidden", className)}>
      {status === "error" ? (
        <p className="flex items-start gap-2 rounded-md border border-danger/50 bg-danger/10 px-3 py-2.5 text-sm text-foreground">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-danger" />
          <span>{formErrorMessage(i18n, message)}</span>
        </p>
      ) : null}
    </div>
  );
}

/** A success note, announced politely (role="status"). */
export function FormSuccess({
  show,
  children,
  className,
}: {
  show: boolean;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div role="status" data-slot="form-success" className={cn(!show && "hidden", className)}>
      {show ? (
        <p className="flex items-start gap-2 rounded-md border border-success/40 bg-success/10 px-3 py-2.5 text-sm text-foreground">
          <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-success" />
          <span>{children}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The one pending-button pattern for forms: a submit Button, pending while the request runs. Full
 * width on a phone, and from `sm` up too when `fullWidth` (a form with one action, under its fields).
 */
export function SubmitButton({
  status,
  fullWidth = false,
  className,
  ...props
}: Omit<ButtonProps, "type" | "pending" | "disabled"> & {
  status: FormStatus | undefined;
  fullWidth?: boolean;
}) {
  return (
    <Button
      type="submit"
      pending={status === "submitting"}
      className={cn(fullWidth ? "w-full" : "w-full sm:w-auto", className)}
      {...props}
    />
  );
}

/** The "Log in" button that ends a finished flow. */
export function LogInButton() {
  return <AuthLinkButton to="/login" className="sm:w-full" />;
}

/** A finished flow: its success note (`children`), then the way to log in. */
export function SuccessThenLogIn({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-5">
      <FormSuccess show>{children}</FormSuccess>
      <LogInButton />
    </div>
  );
}
