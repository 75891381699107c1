import { useState, type ComponentProps } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { SignupOutcome, SignupValues } from "#src/auth/account.ts";
import { useAction } from "#src/forms/use-action.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { SignupCreated } from "#src/widgets/auth/signup-created.tsx";
import { SignupForm } from "#src/widgets/auth/signup-form.tsx";

type SignupFormProps = ComponentProps<typeof SignupForm>;

export type SignupScreenProps = {
  signup: (values: SignupValues) => Promise<ActionResult<SignupOutcome>>;
  /**
   * After the account exists and the visitor is signed in (the outcome says what else worked; on
   * the paid plan, where to pay).
   */
  onSignedUp: (outcome: SignupOutcome) => void;
  /** The plan and billing a link chose (`?plan=paid&interval=year`). */
  choice?: SignupFormProps["choice"];
};

export function SignupScreen({ signup, onSignedUp, choice }: SignupScreenProps) {
  const locale = useLocale();
  const [state, run] = useAction(signup);
  // Created but not signed in: the form must not come back, a second try would say "taken".
  const [created, setCreated] = useState<string | null>(null);
  // On its way to the payment page: the button stays pending until that page has loaded.
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="flex justify-center py-4 sm:py-10">
      {created ? (
        <SignupCreated email={created} />
      ) : (
        <SignupForm
          choice={choice}
          status={leaving ? "submitting" : state.status}
          errors={state.errors}
          message={state.message}
          onSubmit={async ({ terms: _accepted, ...values }) => {
            const result = await run({ ...values, locale });
            if (!result?.success) return;
            if (result.data.user) {
              setLeaving(result.data.checkout?.success === true);
              onSignedUp(result.data);
            } else setCreated(values.email.trim());
          }}
        />
      )}
    </div>
  );
}
