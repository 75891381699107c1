import { Trans } from "@lingui/react/macro";
import * as React from "react";
import type { FormProps } from "../../forms/use-form.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";
import { PasswordSignInForm, type LoginValues } from "./password-sign-in-form.tsx";

/** The site's login by email and password. */
export function LoginForm(props: FormProps<LoginValues> & { defaultValues?: Partial<LoginValues> }) {
  const titleId = React.useId();
  return (
    <AuthCard
      data-slot="login-form"
      titleId={titleId}
      title={<Trans>Log in</Trans>}
      description={<Trans>Welcome back. Log in to manage your account and your Stremio access.</Trans>}
      footer={
        <p>
          <Trans>
            No account yet?{" "}
            <LocalizedLink to="/signup" className={textLinkClassName}>
              Sign up
            </LocalizedLink>
          </Trans>
        </p>
      }
    >
      <PasswordSignInForm
        {...props}
        titleId={titleId}
        submitLabel={<Trans>Log in</Trans>}
        belowPassword={
          <LocalizedLink to="/forgot-password" className={`self-end text-sm ${textLinkClassName}`}>
            <Trans>Forgot your password?</Trans>
          </LocalizedLink>
        }
      />
    </AuthCard>
  );
}
