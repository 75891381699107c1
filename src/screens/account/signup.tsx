import type { ActionResult } from "../../auth/action-result.ts";
import type { SignupValues } from "../../auth/account.ts";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { useAction } from "../../auth/use-action.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { SignupForm } from "../../widgets/auth/signup-form.tsx";

export type SignupScreenProps = {
  signup: (values: SignupValues) => Promise<ActionResult<AuthUser>>;
  /** After the account exists (signed in, verification email requested). */
  onSignedUp: () => void;
};

export function SignupScreen({ signup, onSignedUp }: SignupScreenProps) {
  const locale = useLocale();
  const [state, run] = useAction(signup);
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <SignupForm
        status={state.status}
        errors={state.errors}
        message={state.message}
        onSubmit={async ({ terms: _accepted, ...values }) => {
          if ((await run({ ...values, locale }))?.success) onSignedUp();
        }}
      />
    </div>
  );
}
