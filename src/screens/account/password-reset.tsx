import type { ActionResult } from "#src/forms/action-result.ts";
import { useState } from "react";
import type { EmailChanged } from "#src/auth/account.ts";
import { useAction } from "#src/forms/use-action.ts";
import { ConfirmEmailChangeForm } from "#src/widgets/auth/confirm-email-change-form.tsx";
import { ForgotPasswordForm } from "#src/widgets/auth/forgot-password-form.tsx";
import { ResetPasswordForm } from "#src/widgets/auth/reset-password-form.tsx";

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex justify-center py-4 sm:py-10">{children}</div>;
}

/** `/forgot-password`: asks for a reset link (the answer never says whether the account exists). */
export function ForgotPasswordScreen({ request }: { request: (email: string) => Promise<ActionResult> }) {
  const [state, run] = useAction(request);
  return (
    <Centered>
      <ForgotPasswordForm
        status={state.status}
        errors={state.errors}
        message={state.message}
        onSubmit={({ email }) => void run(email)}
      />
    </Centered>
  );
}

/** `/reset-password?token=`: a new password from the emailed link. */
export function ResetPasswordScreen({
  token,
  reset,
}: {
  token: string;
  reset: (token: string, password: string, passwordConfirm: string) => Promise<ActionResult>;
}) {
  const [state, run] = useAction(reset);
  return (
    <Centered>
      <ResetPasswordForm
        status={state.status}
        errors={state.errors}
        message={state.message}
        onSubmit={({ password, passwordConfirm }) => void run(token, password, passwordConfirm)}
      />
    </Centered>
  );
}

/** `/confirm-email-change?token=`: the current password confirms the new address. */
export function ConfirmEmailChangeScreen({
  token,
  confirm,
}: {
  token: string;
  confirm: (token: string, password: string) => Promise<ActionResult<EmailChanged>>;
}) {
  const [state, run] = useAction(confirm);
  const [changed, setChanged] = useState<EmailChanged | null>(null);
  return (
    <Centered>
      <ConfirmEmailChangeForm
        status={state.status}
        errors={state.errors}
        message={state.message}
        changed={changed}
        onSubmit={async ({ password }) => {
          const result = await run(token, password);
          if (result?.success) setChanged(result.data);
        }}
      />
    </Centered>
  );
}
