import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { addUserNote, deleteUserNote, loadUserHistory } from "../client/notes.ts";
import {
  cancelSubscription,
  type CancelWhen,
  deleteUser,
  extendTrial,
  loadUser,
  markPaid,
  refundLastPayment,
  markRefundMade,
  resendPasswordReset,
  resendVerification,
  updateUser,
  type UserEdit,
} from "../client/users.ts";
import type { Interval } from "#shared/billing.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { UserScreen } from "../screens/user.tsx";
import { accountMeta } from "#src/routes/account/account-meta.ts";
import type { Route } from "./+types/user";
import { useSuperuserClient } from "./use-superuser-client.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`User · Superusers`, msg`One user's account, for superusers.`);

export default function DashboardUser() {
  const pb = useSuperuserClient();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const locale = useLocale();
  return (
    <UserScreen
      id={params.get("id") ?? ""}
      loadUser={useCallback((id: string) => loadUser(pb, id), [pb])}
      saveUser={useCallback((id: string, values: UserEdit) => updateUser(pb, id, values), [pb])}
      extendTrial={useCallback((id: string, day: string) => extendTrial(pb, id, day), [pb])}
      markPaid={useCallback(
        (id: string, day: string, interval: Interval) => markPaid(pb, id, day, interval),
        [pb],
      )}
      cancelSubscription={useCallback(
        (id: string, when: CancelWhen) => cancelSubscription(pb, id, when),
        [pb],
      )}
      refundPayment={useCallback((id: string) => refundLastPayment(pb, id), [pb])}
      markRefundMade={useCallback((id: string) => markRefundMade(pb, id), [pb])}
      sendVerification={useCallback((email: string) => resendVerification(pb, email), [pb])}
      sendPasswordReset={useCallback((email: string) => resendPasswordReset(pb, email), [pb])}
      deleteUser={useCallback((id: string) => deleteUser(pb, id), [pb])}
      onDeleted={() => void navigate(localizePath("/_/users", locale))}
      loadHistory={useCallback((id: string) => loadUserHistory(pb, id), [pb])}
      addNote={useCallback((id: string, text: string) => addUserNote(pb, id, text), [pb])}
      deleteNote={useCallback((noteId: string) => deleteUserNote(pb, noteId), [pb])}
    />
  );
}
