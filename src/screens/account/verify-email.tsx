import { useEffect, useRef, useState } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import { useAuth } from "../../auth/auth-state.tsx";
import { useAction } from "../../auth/use-action.ts";
import { resendCooldownSeconds, useCountdown } from "../../widgets/auth/use-countdown.ts";
import { VerifyEmail, type VerifyEmailState } from "../../widgets/auth/verify-email.tsx";

export type VerifyEmailScreenProps = {
  /** The `?token=` of the link in the email, if the visitor came from it. */
  token: string | null;
  confirm: (token: string) => Promise<ActionResult>;
  resend: (email: string) => Promise<ActionResult>;
};

/** `/verify-email`: confirms the link's token, or waits for it with a resend button. */
export function VerifyEmailScreen({ token, confirm, resend }: VerifyEmailScreenProps) {
  const { user } = useAuth();
  const [confirmed, setConfirmed] = useState<"confirming" | "verified" | "invalid" | null>(null);
  const [resendState, runResend] = useAction(resend);
  const [cooldown, startCooldown] = useCountdown();
  const started = useRef(false);

  useEffect(() => {
    // Once per token, also under StrictMode's double effects: a token is single-use in spirit.
    if (!token || started.current) return;
    started.current = true;
    setConfirmed("confirming");
    void confirm(token).then((result) => {
      if (result.success) setConfirmed("verified");
      else if (!result.error.aborted) setConfirmed("invalid");
    });
  }, [token, confirm]);

  const state: VerifyEmailState = confirmed ?? (user?.verified ? "verified" : "pending");
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <VerifyEmail
        state={state}
        email={user?.email}
        resendStatus={resendState.status}
        resendErrors={resendState.errors}
        resendMessage={resendState.message}
        resendCooldown={cooldown}
        onResend={async ({ email }) => {
          if ((await runResend(email))?.success) startCooldown(resendCooldownSeconds);
        }}
      />
    </div>
  );
}
