import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { confirmVerification, requestVerification } from "../../auth/account.ts";
import { loadPocketBase } from "../../auth/session.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { VerifyEmailScreen } from "../../screens/account/verify-email.tsx";
import type { Route } from "./+types/verify-email";
import { accountMeta } from "./account-meta.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Verify your email`, msg`Confirm your email address.`);

export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  // The prerendered page has no query: read the token only once hydrated.
  const token = useHydrated() ? params.get("token") : null;
  const confirm = useCallback(
    (value: string) => loadPocketBase().then((pb) => confirmVerification(pb, value)),
    [],
  );
  const resend = useCallback(
    (email: string) => loadPocketBase().then((pb) => requestVerification(pb, email)),
    [],
  );
  return <VerifyEmailScreen token={token} confirm={confirm} resend={resend} />;
}
