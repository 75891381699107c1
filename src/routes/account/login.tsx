import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { passkeyAutofillSupported, passkeysSupported } from "#src/auth/sign-in-support.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { loadPocketBase, runAction } from "#src/auth/session.ts";
import { safeRedirect } from "#shared/same-origin.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { LoginScreen } from "#src/screens/account/login.tsx";
import type { Route } from "./+types/login";
import { accountMeta } from "./account-meta.ts";

const account = () => import("#src/auth/account.ts");
const passkeys = () => import("#src/auth/passkeys.ts");

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Log in`, msg`Log in to your account and your Stremio credentials.`);

export default function Login() {
  const navigate = useNavigate();
  const locale = useLocale();
  const [params] = useSearchParams();
  const run = useCallback(
    (email: string, password: string) => runAction(account, (a, pb) => a.login(pb, email, password)),
    [],
  );
  const withCode = useCallback(
    (mfaId: string, code: string) => runAction(account, (a, pb) => a.loginWithCode(pb, mfaId, code)),
    [],
  );
  const withPasskey = useCallback(
    (autofill: boolean) => passkeys().then((p) => p.loginWithPasskey(loadPocketBase, { autofill })),
    [],
  );
  // Prerendered with the passkey button, which goes once the page runs in a browser that cannot
  // use passkeys (rare), rather than moving the page for everyone else.
  const hydrated = useHydrated();
  return (
    <LoginScreen
      login={run}
      loginWithCode={withCode}
      loginWithPasskey={!hydrated || passkeysSupported() ? withPasskey : undefined}
      passkeyAutofill={passkeyAutofillSupported}
      onLoggedIn={() =>
        // Replace the login page in the history: Back after logging in goes to the page before it,
        // not to a form a signed-in visitor has no use for.
        navigate(safeRedirect(params.get("redirect"), localizePath("/account", locale)), { replace: true })
      }
    />
  );
}
