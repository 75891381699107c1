import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { runAction } from "#src/auth/session.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { ConfirmEmailChangeScreen } from "#src/screens/account/password-reset.tsx";
import type { Route } from "./+types/confirm-email-change";
import { accountMeta } from "./account-meta.ts";

const account = () => import("#src/auth/account.ts");

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Confirm your new email`, msg`Confirm the change of your email address.`);

export default function ConfirmEmailChange() {
  const [params] = useSearchParams();
  const token = (useHydrated() && params.get("token")) || "";
  const confirm = useCallback(
    (value: string, password: string) =>
      runAction(account, (a, pb) => a.confirmEmailChange(pb, value, password)),
    [],
  );
  return <ConfirmEmailChangeScreen token={token} confirm={confirm} />;
}
