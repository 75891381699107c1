import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useNavigate } from "react-router";
import { passkeysSupported } from "#src/auth/sign-in-support.ts";
import { runAction } from "#src/auth/session.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { AccountScreen } from "#src/screens/account/account.tsx";
import type { AccountActions } from "#src/screens/account/signed-in.tsx";
import type { Route } from "./+types/account";
import { accountMeta } from "./account-meta.ts";

const account = () => import("#src/auth/account.ts");
const billing = () => import("#src/auth/billing.ts");
const passkeys = () => import("#src/auth/passkeys.ts");
const twoFactor = () => import("#src/auth/two-factor.ts");
const identity = () => import("#src/auth/confirm-identity.ts");

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Your account`, msg`Your profile, plan and Stremio credentials.`);

export default function Account() {
  const navigate = useNavigate();
  const locale = useLocale();
  const { i18n } = useLingui();
  const actionsFor = (user: AuthUser): AccountActions => ({
    updateName: (name) => runAction(account, (a, pb) => a.updateName(pb, user.id, name)),
    requestEmailChange: (newEmail) => runAction(account, (a, pb) => a.requestEmailChange(pb, newEmail)),
    changePassword: (values) => runAction(account, (a, pb) => a.changePassword(pb, user, values)),
    generateCredentials: () => runAction(account, (a, pb) => a.saveStremioCredentials(pb, user)),
    resendVerification: (email) => runAction(account, (a, pb) => a.requestVerification(pb, email)),
    billing: {
      loadMode: () => runAction(billing, (b, pb) => b.loadBillingMode(pb)),
      checkout: (interval, startNow) =>
        runAction(billing, (b, pb) => b.startCheckout(pb, interval, startNow)),
      portal: () => runAction(billing, (b, pb) => b.openPortal(pb)),
      resendInstructions: () => runAction(billing, (b, pb) => b.resendInstructions(pb)),
      withdrawRequest: () => runAction(billing, (b, pb) => b.withdrawRequest(pb)),
      setRenewal: (renew) => runAction(billing, (b, pb) => b.setRenewal(pb, renew)),
      loadSubscription: () => runAction(billing, (b, pb) => b.loadSubscription(pb, user.id)),
      refreshAccount: () => runAction(account, (a, pb) => a.refreshAccount(pb)),
      loadReceipts: () => runAction(billing, (b, pb) => b.loadReceipts(pb)),
      downloadReceipt: (number) => runAction(billing, (b, pb) => b.downloadReceipt(pb, number, locale)),
      loadInvoices: () => runAction(billing, (b, pb) => b.loadInvoices(pb)),
      loadWithdrawal: () => runAction(billing, (b, pb) => b.loadWithdrawal(pb)),
      withdraw: () => runAction(billing, (b, pb) => b.withdrawFromContract(pb)),
    },
    data: {
      setNewsletter: (newsletter) => runAction(account, (a, pb) => a.setNewsletter(pb, user.id, newsletter)),
      exportData: () => runAction(account, (a, pb) => a.exportData(pb)),
    },
    passkeys: {
      supported: passkeysSupported(),
      list: () => runAction(passkeys, (p, pb) => p.listPasskeys(pb)),
      add: () => runAction(passkeys, (p, pb) => p.addPasskey(pb, p.deviceName(navigator.userAgent, i18n))),
      remove: (id) => runAction(passkeys, (p, pb) => p.removePasskey(pb, id)),
    },
    twoFactor: {
      load: () => runAction(twoFactor, (t, pb) => t.loadTwoFactor(pb, "users")),
      setup: () => runAction(twoFactor, (t, pb) => t.startTwoFactorSetup(pb, "users")),
      confirm: (setupId, code) =>
        runAction(twoFactor, (t, pb) => t.confirmTwoFactor(pb, "users", setupId, code)),
      turnOff: (code) => runAction(twoFactor, (t, pb) => t.turnOffTwoFactor(pb, "users", code)),
      newRecoveryCodes: (code) => runAction(twoFactor, (t, pb) => t.newRecoveryCodes(pb, "users", code)),
    },
    identity: {
      confirm: (proof) => runAction(identity, (i, pb) => i.confirmIdentity(pb, "users", proof)),
      twoFactorOn: async () => {
        const status = await runAction(twoFactor, (t, pb) => t.loadTwoFactor(pb, "users"));
        return status.success && status.data.enabled;
      },
    },
    deleteAccount: (password) => runAction(account, (a, pb) => a.deleteAccount(pb, password)),
  });
  return (
    <AccountScreen
      actionsFor={actionsFor}
      onLoggedOut={() => void navigate(localizePath("/login", locale))}
    />
  );
}
