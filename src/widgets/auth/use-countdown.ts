import * as React from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { useAction } from "#src/forms/use-action.ts";

/** PocketBase sends at most one verification email per user every 2 minutes (docs/api.md, Verification). */
export const resendCooldownSeconds = 120;

/** Whole seconds left until `endAt` (ms), never negative. */
export function secondsLeft(endAt: number, now: number): number {
  return Math.max(0, Math.ceil((endAt - now) / 1000));
}

/** "1:05", "0:09": minutes and zero-padded seconds. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * A countdown in whole seconds for "send again" buttons: `[remaining, start]`. Pass `remaining` to
 * VerifyEmail as `resendCooldown` and call `start(resendCooldownSeconds)` after a successful resend
 * (`useResend` does both).
 */
export function useCountdown(): [remaining: number, start: (seconds: number) => void] {
  const [endAt, setEndAt] = React.useState(0);
  const [now, setNow] = React.useState(() => Date.now());

  React.useEffect(() => {
    if (endAt <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endAt]);

  const start = React.useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndAt(current + seconds * 1000);
  }, []);

  return [secondsLeft(endAt, now), start];
}

/**
 * A "send again" request and its wait: `[state, send, cooldown]`, `state` as `useAction`'s. The
 * server decides: once it took the request, or refused it as one too many (429), the button waits
 * `resendCooldownSeconds` (label it with `SendAgainIn`). Nothing else is known of earlier sends (a
 * reload, another page): the request is always made, and its answer tells.
 */
export function useResend<A extends unknown[]>(action: (...args: A) => Promise<ActionResult<unknown>>) {
  const [state, run] = useAction(action);
  const [cooldown, start] = useCountdown();
  const send = React.useCallback(
    async (...args: A) => {
      const result = await run(...args);
      if (result?.success || result?.error.status === 429) start(resendCooldownSeconds);
      return result;
    },
    [run, start],
  );
  return [state, send, cooldown] as const;
}
