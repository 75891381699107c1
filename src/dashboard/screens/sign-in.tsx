import { Trans } from "@lingui/react/macro";
import * as React from "react";
import type { FormProps } from "../../forms/use-form.ts";
import { AuthCard } from "../../widgets/auth/auth-card.tsx";
import { PasswordSignInForm, type LoginValues } from "../../widgets/auth/password-sign-in-form.tsx";

/** What every dashboard page shows without a superuser session: the superuser sign-in form. */
export function SuperuserSignInScreen(props: FormProps<LoginValues>) {
  const titleId = React.useId();
  return (
    <div className="flex justify-center py-8">
      <AuthCard
        data-slot="superuser-sign-in"
        titleId={titleId}
        title={<Trans>Superuser sign-in</Trans>}
        description={
          <Trans>
            The dashboard is for the API’s superusers. Create the first one on the server with npm run
            superuser.
          </Trans>
        }
      >
        <PasswordSignInForm {...props} titleId={titleId} submitLabel={<Trans>Sign in</Trans>} />
      </AuthCard>
    </div>
  );
}

/** While the stored superuser session is being checked. */
export function SuperuserCheckingScreen() {
  return (
    <div role="status" className="py-16 text-center text-muted-foreground">
      <Trans>Checking your superuser session…</Trans>
    </div>
  );
}
