import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type * as React from "react";
import { cn } from "../lib/cn.ts";
import { AlertCircleIcon, CheckCircleIcon } from "../ui/icons.tsx";
import { formErrorMessage } from "./field-error-message.ts";
import type { FormStatus } from "./use-form.ts";

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
