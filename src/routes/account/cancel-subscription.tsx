import { msg } from "@lingui/core/macro";
import { runAction } from "#src/auth/session.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { CancelSubscriptionScreen, type CancelActions } from "#src/screens/account/cancel-subscription.tsx";
import type { Route } from "./+types/cancel-subscription";
import { accountMeta } from "./account-meta.ts";

const account = () => import("#src/auth/account.ts");
const billing = () => import("#src/auth/billing.ts");

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(
    location.pathname,
    msg`Cancel your subscription`,
    msg`Cancel your Lumen subscription in two clicks, or withdraw from it within 14 days.`,
  );

export default function CancelSubscription() {
  const actionsFor = (_user: AuthUser): CancelActions => ({
    loadMode: () => runAction(billing, (b, pb) => b.loadBillingMode(pb)),
    setRenewal: (renew) => runAction(billing, (b, pb) => b.setRenewal(pb, renew)),
    withdrawRequest: () => runAction(billing, (b, pb) => b.withdrawRequest(pb)),
    refreshAccount: () => runAction(account, (a, pb) => a.refreshAccount(pb)),
    loadWithdrawal: () => runAction(billing, (b, pb) => b.loadWithdrawal(pb)),
    withdraw: () => runAction(billing, (b, pb) => b.withdrawFromContract(pb)),
  });
  return <CancelSubscriptionScreen actions={actionsFor} />;
}
