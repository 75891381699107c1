import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { runAction } from "#src/auth/session.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { ResetPasswordScreen } from "#src/screens/account/password-reset.tsx";
import type { Route } from "./+types/reset-password";
import { accountMeta } from "./account-meta.ts";

const account = () => import("#src/auth/account.ts");

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Choose a new password`, msg`Choose a new password for your account.`);

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = (useHydrated() && params.get("token")) || "";
  const reset = useCallback(
    (value: string, password: string, passwordConfirm: string) =>
      runAction(account, (a, pb) => a.confirmPasswordReset(pb, value, password, passwordConfirm)),
    [],
  );
  return <ResetPasswordScreen token={token} reset={reset} />;
}
