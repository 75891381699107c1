import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { requestPasswordReset } from "../../auth/account.ts";
import { usePocketBase } from "../../auth/auth-provider.tsx";
import { ForgotPasswordScreen } from "../../screens/account/password-reset.tsx";
import type { Route } from "./+types/forgot-password";
import { accountMeta } from "./account-meta.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Forgot your password?`, msg`Get a link to choose a new password.`);

export default function ForgotPassword() {
  const pb = usePocketBase();
  const request = useCallback((email: string) => requestPasswordReset(pb, email), [pb]);
  return <ForgotPasswordScreen request={request} />;
}
