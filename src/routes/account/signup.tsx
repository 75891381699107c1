import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { SignupValues } from "#src/auth/account.ts";
import { planChoice } from "#src/auth/plan-price.ts";
import { leaveAccountNotice } from "#src/auth/route-middleware.ts";
import { runAction } from "#src/auth/session.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { SignupScreen } from "#src/screens/account/signup.tsx";
import type { VerifyEmailArrival } from "#src/screens/account/verify-email.tsx";
import type { Route } from "./+types/signup";
import { accountMeta } from "./account-meta.ts";

const account = () => import("#src/auth/account.ts");

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Sign up`, msg`Create your account: a free trial or the paid plan.`);

export default function Signup() {
  const navigate = useNavigate();
  const locale = useLocale();
  const [params] = useSearchParams();
  const choice = useHydrated() ? planChoice(params) : undefined;
  const run = useCallback((values: SignupValues) => runAction(account, (a, pb) => a.signup(pb, values)), []);
  return (
    <SignupScreen
      signup={run}
      choice={choice}
      onSignedUp={(outcome) => {
        // The paid plan goes on to payment; if that could not start, the account page says so
        // and offers it again (the account exists either way).
        if (outcome.checkout?.success) {
          window.location.assign(outcome.checkout.data);
          return;
        }
        if (outcome.checkout) {
          leaveAccountNotice("checkout-failed");
          void navigate(localizePath("/account", locale));
          return;
        }
        // The server sent the link with the account: the page says so, also after a reload.
        const arrival: VerifyEmailArrival = { linkSent: true };
        void navigate(localizePath("/verify-email", locale), { state: arrival });
      }}
    />
  );
}
