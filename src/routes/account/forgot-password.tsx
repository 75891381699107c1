import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { runAction } from "#src/auth/session.ts";
import { ForgotPasswordScreen } from "#src/screens/account/password-reset.tsx";
import type { Route } from "./+types/forgot-password";
import { accountMeta } from "./account-meta.ts";

const account = () => import("#src/auth/account.ts");

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Forgot your password?`, msg`Get a link to choose a new password.`);

export default function ForgotPassword() {
  const request = useCallback(
    (email: string) => runAction(account, (a, pb) => a.requestPasswordReset(pb, email)),
    [],
  );
  return <ForgotPasswordScreen request={request} />;
}
