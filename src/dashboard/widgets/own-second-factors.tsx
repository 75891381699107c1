import { PasskeysCard, type PasskeyActions } from "#src/widgets/auth/passkeys-card.tsx";
import { TwoFactorCard, type TwoFactorActions } from "#src/widgets/auth/two-factor-card.tsx";
import type { IdentityActions } from "#src/widgets/auth/use-identity-confirmation.tsx";

/** What the signed-in superuser can do with their own second factors (the site's account cards). */
export type OwnSecondFactorActions = {
  passkeys: PasskeyActions;
  /** The browser can make passkeys (`passkeysSupported()`). */
  passkeysSupported: boolean;
  twoFactor: TwoFactorActions;
  /** "Confirm it's you" (the password, or a code) before changing them. */
  identity: IdentityActions;
};

/** The signed-in superuser's passkeys and authenticator app, side by side on a wide screen. */
export function OwnSecondFactors({
  actions,
  email,
  headingLevel,
}: {
  actions: OwnSecondFactorActions;
  email: string;
  headingLevel: 2 | 3;
}) {
  return (
    <div data-slot="own-second-factors" className="grid items-start gap-6 lg:grid-cols-2">
      <PasskeysCard
        actions={actions.passkeys}
        identity={actions.identity}
        supported={actions.passkeysSupported}
        headingLevel={headingLevel}
      />
      <TwoFactorCard
        actions={actions.twoFactor}
        identity={actions.identity}
        email={email}
        headingLevel={headingLevel}
      />
    </div>
  );
}
