import { msg } from "@lingui/core/macro";
import { useCallback } from "react";
import {
  createUser,
  defaultUsersQuery,
  listUsers,
  usersQuerySchema,
  type NewUser,
  type UsersQuery,
} from "../client/users.ts";
import { UsersScreen } from "../screens/users.tsx";
import { accountMeta } from "#src/routes/account/account-meta.ts";
import type { Route } from "./+types/users";
import { useUrlQuery } from "../widgets/url-query.ts";
import { useSuperuserClient } from "./use-superuser-client.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  accountMeta(location.pathname, msg`Users · Superusers`, msg`The site's users, for superusers.`);

export default function DashboardUsers() {
  const pb = useSuperuserClient();
  const load = useCallback((query: UsersQuery) => listUsers(pb, query), [pb]);
  const queryState = useUrlQuery(defaultUsersQuery, usersQuerySchema);
  const create = useCallback((values: NewUser) => createUser(pb, values), [pb]);
  return <UsersScreen loadUsers={load} queryState={queryState} createUser={create} />;
}
