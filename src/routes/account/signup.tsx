import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { signup, type SignupValues } from "../../auth/account.ts";
import { loadPocketBase } from "../../auth/session.ts";
import { localizePath } from "../../../shared/i18n/paths.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { SignupScreen } from "../../screens/account/signup.tsx";
import type { Route } from "./+types/signup";
import { accountMeta } from "./account-meta.ts";
import type { SignupNavigationState } from "./verify-email.tsx";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Sign up`, msg`Create your account: a free trial or the paid plan.`);

export default function Signup() {
  const navigate = useNavigate();
  const locale = useLocale();
  const run = useCallback((values: SignupValues) => loadPocketBase().then((pb) => signup(pb, values)), []);
  return (
    <SignupScreen
      signup={run}
      onSignedUp={(outcome) => {
        const state: SignupNavigationState = {
          linkSent: outcome.verificationRequested,
          credentialsReady: outcome.credentialsCreated,
        };
        void navigate(localizePath("/verify-email", locale), { state });
      }}
    />
  );
}
