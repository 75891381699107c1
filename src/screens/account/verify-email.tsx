import type { MessageDescriptor } from "@lingui/core";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { useAuth } from "#src/auth/auth-state.tsx";
import { useResend } from "#src/widgets/auth/use-countdown.ts";
import { VerifyEmail, type VerifyEmailState } from "#src/widgets/auth/verify-email.tsx";

export type VerifyEmailScreenProps = {
  /**
   * The `?token=` of the link in the email, if the visitor came from it; `undefined` while it is
   * not known yet (the prerendered page, before hydration).
   */
  token: string | null | undefined;
  confirm: (token: string) => Promise<ActionResult>;
  resend: (email: string) => Promise<ActionResult>;
  /**
   * Sign-up led here, having just sent the link (the history entry's `VerifyEmailArrival`, which a
   * reload keeps): the page says to check the inbox rather than offering to send one.
   */
  linkSent?: boolean;
};

/** The history state sign-up leaves on the entry it opens: its link is on its way. */
export type VerifyEmailArrival = { linkSent: true };

/** Whether a history entry's state (`useLocation().state`) is sign-up's `VerifyEmailArrival`. */
export function arrivedWithLink(state: unknown): boolean {
  return (
    typeof state === "object" && state !== null && (state as Partial<VerifyEmailArrival>).linkSent === true
  );
}

type Confirmation =
  { state: "confirming" | "verified" | "invalid" } | { state: "unreachable"; problem: MessageDescriptor };

/** `/verify-email`: confirms the link's token, or waits for it with a resend button. */
export function VerifyEmailScreen({ token, confirm, resend, linkSent = false }: VerifyEmailScreenProps) {
  const { user } = useAuth();
  const [confirmed, setConfirmed] = useState<Confirmation | null>(null);
  const [resendState, sendAgain, cooldown] = useResend(resend);
  const started = useRef(false);

  const check = useCallback(
    (value: string) => {
      setConfirmed({ state: "confirming" });
      void confirm(value).then((result) => {
        if (result.success) setConfirmed({ state: "verified" });
        else if (result.error.aborted) return;
        // Only the server's 400 says the link itself is bad; an outage says nothing about it.
        else if (result.error.status === 400) setConfirmed({ state: "invalid" });
        else setConfirmed({ state: "unreachable", problem: result.error.message });
      });
    },
    [confirm],
  );

  useEffect(() => {
    // Once per token, also under StrictMode's double effects: a token is single-use in spirit.
    if (!token || started.current) return;
    started.current = true;
    check(token);
  }, [token, check]);

  // With a token, "confirming" from the first render: the check starts in an effect, after the
  // browser may already have painted, and the page must not say "Check your inbox" meanwhile.
  const state: VerifyEmailState =
    confirmed?.state ?? (token ? "confirming" : user?.verified ? "verified" : "pending");
  if (token === undefined) {
    // Before the app reads the query, the page script has marked a visit from the emailed link
    // (src/enhance/app-page-script.ts): it says "Confirming…" from the first paint.
    return (
      <div className="flex justify-center py-4 sm:py-10">
        <div className="contents in-data-[link-token]:hidden">{panel(state)}</div>
        <div className="hidden in-data-[link-token]:contents">{panel("confirming")}</div>
      </div>
    );
  }
  return <div className="flex justify-center py-4 sm:py-10">{panel(state)}</div>;

  function panel(shown: VerifyEmailState) {
    return (
      <VerifyEmail
        state={shown}
        email={user?.email}
        linkSent={linkSent}
        problem={confirmed?.state === "unreachable" ? confirmed.problem : undefined}
        onRetry={() => token && check(token)}
        resendStatus={resendState.status}
        resendErrors={resendState.errors}
        resendMessage={resendState.message}
        resendCooldown={cooldown}
        onResend={({ email }) => void sendAgain(email)}
      />
    );
  }
}
