import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { useLocation, useSearchParams } from "react-router";
import { runAction } from "#src/auth/session.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { arrivedWithLink, VerifyEmailScreen } from "#src/screens/account/verify-email.tsx";
import type { Route } from "./+types/verify-email";
import { accountMeta } from "./account-meta.ts";

const account = () => import("#src/auth/account.ts");

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Verify your email`, msg`Confirm your email address.`);

export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const { state } = useLocation();
  // The prerendered page has no query: the token is known once hydrated.
  const token = useHydrated() ? params.get("token") : undefined;
  const confirm = useCallback(
    (value: string) => runAction(account, (a, pb) => a.confirmVerification(pb, value)),
    [],
  );
  const resend = useCallback(
    (email: string) => runAction(account, (a, pb) => a.requestVerification(pb, email)),
    [],
  );
  return (
    <VerifyEmailScreen token={token} confirm={confirm} resend={resend} linkSent={arrivedWithLink(state)} />
  );
}
