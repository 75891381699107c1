import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { AuthCard } from "./auth-card.tsx";
import { FormSuccess } from "#src/forms/form-alert.tsx";
import { LogInButton } from "./log-in-button.tsx";

/**
 * Sign-up created the account but could not sign the visitor in (a rate limit, a network blip):
 * the account exists, so the next step is to log in, never to sign up again. It takes the focus
 * the form's submit button had, so keyboard and screen reader users land on the news.
 */
export function SignupCreated({ email }: { email: string }) {
  const titleId = React.useId();
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => ref.current?.focus(), []);
  return (
    <AuthCard
      data-slot="signup-created"
      titleId={titleId}
      title={<Trans>Your account is created</Trans>}
      aria-labelledby={titleId}
      role="region"
      tabIndex={-1}
      ref={ref}
      className="outline-none"
    >
      <div className="flex flex-col gap-5">
        <FormSuccess show>
          <Trans>
            We couldn't sign you in just now. Log in with <strong className="font-medium">{email}</strong> and
            the password you chose.
          </Trans>
        </FormSuccess>
        <p className="text-sm text-muted-foreground">
          <Trans>We sent a verification link to {email}. Open it to activate your account.</Trans>
        </p>
        <LogInButton />
      </div>
    </AuthCard>
  );
}
