import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useNavigate } from "react-router";
import * as account from "../../auth/account.ts";
import * as billing from "../../auth/billing.ts";
import * as passkeys from "../../auth/passkeys.ts";
import * as twoFactor from "../../auth/two-factor.ts";
import { loadPocketBase } from "../../auth/session.ts";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { localizePath } from "../../../shared/i18n/paths.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { AccountScreen } from "../../screens/account/account.tsx";
import type { AccountActions } from "../../screens/account/signed-in.tsx";
import type { Route } from "./+types/account";
import { accountMeta } from "./account-meta.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Your account`, msg`Your profile, plan and Stremio credentials.`);

export default function Account() {
  const navigate = useNavigate();
  const locale = useLocale();
  const { i18n } = useLingui();
  const actionsFor = (user: AuthUser): AccountActions => ({
    updateName: (name) => loadPocketBase().then((pb) => account.updateName(pb, user.id, name)),
    requestEmailChange: (newEmail) => loadPocketBase().then((pb) => account.requestEmailChange(pb, newEmail)),
    changePassword: (values) => loadPocketBase().then((pb) => account.changePassword(pb, user, values)),
    generateCredentials: () => loadPocketBase().then((pb) => account.saveStremioCredentials(pb, user)),
    resendVerification: (email) => loadPocketBase().then((pb) => account.requestVerification(pb, email)),
    billing: {
      loadMode: () => loadPocketBase().then((pb) => billing.loadBillingMode(pb)),
      checkout: (interval) => loadPocketBase().then((pb) => billing.startCheckout(pb, interval)),
      portal: () => loadPocketBase().then((pb) => billing.openPortal(pb)),
      loadSubscription: () => loadPocketBase().then((pb) => billing.loadSubscription(pb, user.id)),
      refreshAccount: () => loadPocketBase().then((pb) => account.refreshAccount(pb)),
    },
    data: {
      setNewsletter: (newsletter) =>
        loadPocketBase().then((pb) => account.setNewsletter(pb, user.id, newsletter)),
      exportData: () => loadPocketBase().then((pb) => account.exportData(pb)),
    },
    passkeys: {
      supported: passkeys.passkeysSupported(),
      list: () => loadPocketBase().then((pb) => passkeys.listPasskeys(pb)),
      add: () =>
        loadPocketBase().then((pb) =>
          passkeys.addPasskey(pb, passkeys.deviceName(navigator.userAgent, i18n)),
        ),
      remove: (id) => loadPocketBase().then((pb) => passkeys.removePasskey(pb, id)),
    },
    twoFactor: {
      load: () => loadPocketBase().then((pb) => twoFactor.loadTwoFactor(pb, "users")),
      setup: () => loadPocketBase().then((pb) => twoFactor.startTwoFactorSetup(pb, "users")),
      confirm: (setupId, code) =>
        loadPocketBase().then((pb) => twoFactor.confirmTwoFactor(pb, "users", setupId, code)),
      turnOff: (code) => loadPocketBase().then((pb) => twoFactor.turnOffTwoFactor(pb, "users", code)),
      newRecoveryCodes: (code) =>
        loadPocketBase().then((pb) => twoFactor.newRecoveryCodes(pb, "users", code)),
    },
    deleteAccount: (password) => loadPocketBase().then((pb) => account.deleteAccount(pb, password)),
  });
  return (
    <AccountScreen
      actionsFor={actionsFor}
      onLoggedOut={() => void navigate(localizePath("/login", locale))}
    />
  );
}
