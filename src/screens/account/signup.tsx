import { useState } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import type { SignupOutcome, SignupValues } from "../../auth/account.ts";
import { useAction } from "../../forms/use-action.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { SignupCreated } from "../../widgets/auth/signup-created.tsx";
import { SignupForm } from "../../widgets/auth/signup-form.tsx";

export type SignupScreenProps = {
  signup: (values: SignupValues) => Promise<ActionResult<SignupOutcome>>;
  /** After the account exists and the visitor is signed in (the outcome says what else worked). */
  onSignedUp: (outcome: SignupOutcome) => void;
};

export function SignupScreen({ signup, onSignedUp }: SignupScreenProps) {
  const locale = useLocale();
  const [state, run] = useAction(signup);
  // Created but not signed in: the form must not come back, a second try would say "taken".
  const [created, setCreated] = useState<{ email: string; linkSent: boolean } | null>(null);
  return (
    <div className="flex justify-center py-4 sm:py-10">
      {created ? (
        <SignupCreated email={created.email} linkSent={created.linkSent} />
      ) : (
        <SignupForm
          status={state.status}
          errors={state.errors}
          message={state.message}
          onSubmit={async ({ terms: _accepted, ...values }) => {
            const result = await run({ ...values, locale });
            if (!result?.success) return;
            if (result.data.user) onSignedUp(result.data);
            else setCreated({ email: values.email.trim(), linkSent: result.data.verificationRequested });
          }}
        />
      )}
    </div>
  );
}
