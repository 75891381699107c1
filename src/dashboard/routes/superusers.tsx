import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import { useSuperuserSession } from "../session.tsx";
import {
  addSuperuser,
  changeOwnPassword,
  listSuperusers,
  removeSuperuser,
  type Superuser,
} from "../client/superusers.ts";
import type { PasswordChangeValues } from "#src/widgets/auth/password-change-form.tsx";
import { SuperusersScreen } from "../screens/superusers.tsx";
import { accountMeta } from "#src/routes/account/account-meta.ts";
import type { Route } from "./+types/superusers";
import { useSuperuserClient } from "./use-superuser-client.ts";
import { useOwnSecondFactorActions } from "./use-own-second-factors.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Superusers`, msg`The API's superusers.`);

export default function DashboardSuperusers() {
  const pb = useSuperuserClient();
  const { state, recheck, signOutAfterPasswordChange } = useSuperuserSession();
  const current = state.status === "signed-in" ? state.superuser : null;
  const currentId = current?.id ?? "";
  return (
    <SuperusersScreen
      current={current}
      loadSuperusers={useCallback(() => listSuperusers(pb), [pb])}
      addSuperuser={useCallback(
        (values: { email: string; password: string }) => addSuperuser(pb, values),
        [pb],
      )}
      removeSuperuser={useCallback(
        async (id: string) => {
          const result = await removeSuperuser(pb, id);
          // Removing oneself ends one's own session.
          if (result.success && id === currentId) recheck();
          return result;
        },
        [pb, currentId, recheck],
      )}
      changeOwnPassword={useCallback(
        async (superuser: Superuser, values: PasswordChangeValues) => {
          const result = await changeOwnPassword(pb, superuser, values);
          // Two-factor sign-in on: the new password, then a code, on the sign-in form.
          if (result.success && result.data === null) signOutAfterPasswordChange();
          return result;
        },
        [pb, signOutAfterPasswordChange],
      )}
      ownSecondFactors={useOwnSecondFactorActions(pb)}
    />
  );
}
