import * as React from "react";

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
 * VerifyEmail as `resendCooldown` and call `start(resendCooldownSeconds)` after a successful resend.
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
