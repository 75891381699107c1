import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { takeLoginNotice, type LoginNotice } from "#src/auth/route-middleware.ts";
import { FormSuccess } from "#src/forms/form-alert.tsx";
import type { FormProps } from "#src/forms/use-form.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";
import { PasskeyLoginButton, type PasskeyLogin } from "./passkey-login.tsx";
import { PasswordSignInForm, type LoginValues } from "./password-sign-in-form.tsx";

/**
 * The site's login by email and password, and by passkey when `passkey` is given (the browser can
 * use them): a button under the form, and the email field's suggestions. Right after a logout it
 * first says the visitor is logged out (the notice `logOut` leaves), until a login fails.
 */
export function LoginForm({
  passkey,
  ...props
}: FormProps<LoginValues> & { defaultValues?: Partial<LoginValues>; passkey?: PasskeyLogin }) {
  const titleId = React.useId();
  const [notice, setNotice] = React.useState<LoginNotice | null>(null);
  React.useEffect(() => {
    // After mounting: a prerendered page has no notice, and reading one clears it.
    const left = takeLoginNotice();
    if (left) setNotice(left);
  }, []);
  // A failed login, by password or passkey, ends the notice: switching to the other way later
  // (which clears that failure's error) does not bring it back.
  const failed = props.status === "error" || passkey?.status === "error";
  React.useEffect(() => {
    if (failed) setNotice(null);
  }, [failed]);
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
      <div className="flex flex-col gap-5">
        <FormSuccess show={notice === "logged-out" && !failed}>
          <Trans>You are logged out.</Trans>
        </FormSuccess>
        <FormSuccess show={notice === "password-changed" && !failed}>
          <Trans>Your password has been changed. Log in with it, then with a code from your app.</Trans>
        </FormSuccess>
        <PasswordSignInForm
          {...props}
          titleId={titleId}
          emailFromLink
          passkeys={passkey !== undefined}
          submitLabel={<Trans>Log in</Trans>}
          belowPassword={
            <LocalizedLink to="/forgot-password" className={`self-end text-sm ${textLinkClassName}`}>
              <Trans>Forgot your password?</Trans>
            </LocalizedLink>
          }
        />
        {passkey ? (
          <PasskeyLoginButton {...passkey}>
            <Trans>Log in with a passkey</Trans>
          </PasskeyLoginButton>
        ) : null}
      </div>
    </AuthCard>
  );
}
