import { Trans } from "@lingui/react/macro";
import { formatCountdown } from "./use-countdown.ts";

/**
 * The label of every "send again" button while it waits (the verification link, the payment
 * instructions): "Send again in 1:58", minutes and seconds.
 */
export function SendAgainIn({ seconds }: { seconds: number }) {
  const time = formatCountdown(seconds);
  return <Trans>Send again in {time}</Trans>;
}
