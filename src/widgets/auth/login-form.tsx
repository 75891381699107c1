import { Trans } from "@lingui/react/macro";
import * as React from "react";
import { takeLoginNotice, type LoginNotice } from "../../auth/route-middleware.ts";
import { KeyRound } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { FormAlert, FormSuccess } from "../../forms/form-alert.tsx";
import type { FormProps, FormStatus } from "../../forms/use-form.ts";
import { Button } from "../../ui/button.tsx";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";
import { PasswordSignInForm, type LoginValues } from "./password-sign-in-form.tsx";

/** Log in with a passkey: its request's state, and the button's action. */
export type PasskeyLogin = {
  status: FormStatus;
  message: MessageDescriptor | undefined;
  onLogin: () => void;
};

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
        <FormSuccess show={notice === "logged-out" && props.status !== "error"}>
          <Trans>You are logged out.</Trans>
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
          <div data-slot="passkey-login" className="flex flex-col gap-5">
            <div className="flex items-center gap-3 text-sm text-muted-foreground">
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
              <Trans>or</Trans>
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
            </div>
            <FormAlert status={passkey.status} message={passkey.message} />
            <Button
              variant="outline"
              className="w-full"
              pending={passkey.status === "submitting"}
              onClick={passkey.onLogin}
            >
              <KeyRound aria-hidden="true" />
              <Trans>Log in with a passkey</Trans>
            </Button>
          </div>
        ) : null}
      </div>
    </AuthCard>
  );
}
