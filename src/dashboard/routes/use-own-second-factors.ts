import { useLingui } from "@lingui/react";
import type PocketBase from "pocketbase";
import { useMemo } from "react";
import { passkeysSupported } from "#src/auth/sign-in-support.ts";
import { deviceName } from "#src/auth/passkeys.ts";
import { ownIdentityActions, ownPasskeyActions, ownTwoFactorActions } from "../client/sessions.ts";
import type { OwnSecondFactorActions } from "../widgets/own-second-factors.tsx";

/** The signed-in superuser's own passkeys (named after this device) and authenticator app. */
export function useOwnSecondFactorActions(pb: PocketBase): OwnSecondFactorActions {
  const { i18n } = useLingui();
  return useMemo(
    () => ({
      passkeys: ownPasskeyActions(pb, () => deviceName(navigator.userAgent, i18n)),
      passkeysSupported: passkeysSupported(),
      twoFactor: ownTwoFactorActions(pb),
      identity: ownIdentityActions(pb),
    }),
    [pb, i18n],
  );
}
