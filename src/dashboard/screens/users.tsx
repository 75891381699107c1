import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import {
  planStatus,
  planStatusBadges,
  planStatusLabels,
  planStatuses,
  type PlanStatus,
  subscriptionOf,
} from "#src/auth/plan-status.ts";
import { useNow } from "#src/lib/use-now.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { useLocale } from "#src/i18n/use-locale.ts";
import { formatDateTime } from "#src/lib/format.ts";
import { Badge } from "#src/ui/badge.tsx";
import { Button } from "#src/ui/button.tsx";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { manualRenewal } from "#shared/billing.ts";
import {
  defaultUsersQuery,
  type UserSort,
  type UsersPage as UsersListPage,
  type UsersQuery,
  type YesNo,
} from "../client/users.ts";
import { ChoiceField } from "../widgets/choice-field.tsx";
import { cellClassName, DataTable } from "../widgets/data-table.tsx";
import { Loaded } from "../widgets/load-states.tsx";
import { PageHeading } from "../widgets/page-heading.tsx";
import { Pager } from "../widgets/pager.tsx";
import { useListQuery } from "../widgets/use-load.ts";
import type { QueryState } from "../widgets/url-query.ts";
import { ActionNote, type Note } from "../widgets/action-note.tsx";
import { NewUserForm, type CreateUser } from "./new-user-form.tsx";

export type UsersScreenProps = {
  /** One page of users for a query (search, filters, sort, page). */
  loadUsers: (query: UsersQuery) => Promise<ActionResult<UsersListPage>>;
  initialQuery?: Partial<UsersQuery>;
  /** Where the query lives, the address on the site (`useUrlQuery`); the screen's own state if not. */
  queryState?: QueryState<UsersQuery>;
  createUser: CreateUser;
};

type QueryChange = (patch: Partial<UsersQuery>) => void;

/** The search by email or name, sent with its button (or Enter). */
function UsersSearch({ initial, change }: { initial: string; change: QueryChange }) {
  const { t } = useLingui();
  const [search, setSearch] = useState(initial);
  // A search from elsewhere (back in history, a link) replaces what was typed; focus stays put.
  const [shown, setShown] = useState(initial);
  if (initial !== shown) {
    setShown(initial);
    setSearch(initial);
  }
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        change({ search });
      }}
    >
      <Field label={t`Email or name`} className="min-w-56 flex-1">
        <Input
          name="search"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Field>
      <Button type="submit">
        <Trans>Search</Trans>
      </Button>
    </form>
  );
}

/** The filters and the sort, each applied as soon as it is chosen. */
function UsersFilters({ query, change }: { query: UsersQuery; change: QueryChange }) {
  const { t, i18n } = useLingui();
  const yesNo: { value: YesNo; label: string }[] = [
    { value: "all", label: t`All` },
    { value: "yes", label: t`Yes` },
    { value: "no", label: t`No` },
  ];
  const statuses: { value: PlanStatus | "all"; label: string }[] = [
    { value: "all", label: t`All` },
    ...planStatuses.map((status) => ({ value: status, label: i18n._(planStatusLabels[status]) })),
  ];
  const periods: { value: UsersQuery["period"]; label: string }[] = [
    { value: "all", label: t`All` },
    { value: "month", label: t`Monthly` },
    { value: "year", label: t`Yearly` },
  ];
  const joined: { value: UsersQuery["joined"]; label: string }[] = [
    { value: "all", label: t`Any time` },
    { value: "week", label: t`Last 7 days` },
  ];
  const renewals: { value: UsersQuery["renewal"]; label: string }[] = [
    { value: "all", label: t`All` },
    { value: "due", label: t`Due in the next 3 days` },
    { value: "overdue", label: t`Overdue` },
  ];
  const sorts: { value: UserSort; label: string }[] = [
    { value: "created", label: t`Sign-up date` },
    { value: "email", label: t`Email` },
    { value: "name", label: t`Name` },
  ];
  const orders = [
    { value: "desc", label: t`Descending` },
    { value: "asc", label: t`Ascending` },
  ] as const;
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-8">
      <ChoiceField
        label={t`Plan`}
        value={query.status}
        options={statuses}
        onChange={(status) => change({ status })}
      />
      <ChoiceField
        label={t`Billing period`}
        value={query.period}
        options={periods}
        onChange={(period) => change({ period })}
      />
      <ChoiceField
        label={t`Signed up`}
        value={query.joined}
        options={joined}
        onChange={(value) => change({ joined: value })}
      />
      <ChoiceField
        label={t`Manual renewal`}
        value={query.renewal}
        options={renewals}
        onChange={(renewal) => change({ renewal })}
      />
      <ChoiceField
        label={t`Verified`}
        value={query.verified}
        options={yesNo}
        onChange={(verified) => change({ verified })}
      />
      <ChoiceField
        label={t`Admins`}
        value={query.admin}
        options={yesNo}
        onChange={(admin) => change({ admin })}
      />
      <ChoiceField
        label={t`Sort by`}
        value={query.sort}
        options={sorts}
        onChange={(sort) => change({ sort })}
      />
      <ChoiceField
        label={t`Order`}
        value={query.descending ? "desc" : "asc"}
        options={orders}
        onChange={(order) => change({ descending: order === "desc" })}
      />
    </div>
  );
}

/**
 * One user's row: the email opens the user's page; a manual renewal due soon or overdue (counted
 * with the server's grace) gets its badge beside the plan's.
 */
function UserRow({ user, graceDays }: { user: AuthUser; graceDays: number | undefined }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const now = useNow();
  const status = planStatus(user, now);
  const renewal = manualRenewal(
    subscriptionOf(user),
    now,
    graceDays === undefined ? undefined : graceDays * 24 * 3_600_000,
  );
  return (
    <tr data-slot="dashboard-user">
      <td className={cellClassName}>
        <LocalizedLink
          to={`/_/user?id=${encodeURIComponent(user.id)}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {user.email}
        </LocalizedLink>
        {user.admin ? (
          <Badge variant="outline" className="ml-2">
            <Trans>Site admin</Trans>
          </Badge>
        ) : null}
      </td>
      <td className={cellClassName}>{user.name || "—"}</td>
      <td className={cellClassName}>
        <Badge variant={planStatusBadges[status]}>{i18n._(planStatusLabels[status])}</Badge>
        {renewal === "due" ? (
          <Badge variant="secondary" className="ml-2">
            <Trans>Renewal due</Trans>
          </Badge>
        ) : renewal === "overdue" ? (
          <Badge variant="warning" className="ml-2">
            <Trans>Overdue</Trans>
          </Badge>
        ) : null}
      </td>
      <td className={cellClassName}>{user.verified ? <Trans>Yes</Trans> : <Trans>No</Trans>}</td>
      <td className={`${cellClassName} whitespace-nowrap`}>{formatDateTime(user.created, locale)}</td>
    </tr>
  );
}

/** One page of users: their count, the table, and the pager with the page size. */
function UsersPage({
  users,
  perPage,
  change,
  goTo,
}: {
  users: UsersListPage;
  perPage: number;
  change: QueryChange;
  goTo: (page: number) => void;
}) {
  const { t } = useLingui();
  const perPages = ["20", "50", "100"].map((value) => ({ value, label: value }));
  return (
    <>
      <p role="status" className="mb-2 text-sm text-muted-foreground">
        <Plural value={users.totalItems} one="# user" other="# users" />
      </p>
      <DataTable
        headings={[
          <Trans>Email</Trans>,
          <Trans>Name</Trans>,
          <Trans>Plan</Trans>,
          <Trans>Verified</Trans>,
          <Trans>Signed up</Trans>,
        ]}
      >
        {users.items.map((user) => (
          <UserRow key={user.id} user={user} graceDays={users.graceDays} />
        ))}
      </DataTable>
      <Pager page={users.page} totalPages={users.totalPages} onPage={goTo}>
        <ChoiceField
          label={t`Per page`}
          value={String(perPage)}
          options={perPages}
          onChange={(value) => change({ perPage: Number(value) })}
          className="w-28"
        />
      </Pager>
    </>
  );
}

/** `/_/users`: every user, searched, filtered, sorted and paged; a row opens the user's page. */
export function UsersScreen({ loadUsers, initialQuery, queryState, createUser }: UsersScreenProps) {
  const [note, setNote] = useState<Note | null>(null);
  const [creating, setCreating] = useState(false);
  const { query, state, reload, change, goTo } = useListQuery<UsersQuery, UsersListPage>(
    { ...defaultUsersQuery, ...initialQuery },
    loadUsers,
    queryState,
  );
  return (
    <div>
      <PageHeading title={<Trans>Users</Trans>} description={<Trans>Every account of the site.</Trans>} />
      <ActionNote note={note} />
      {/* The form exists only while open: its fields are not the list's filters' namesakes meanwhile. */}
      <details
        className="mb-6 rounded-lg border p-5 [&[open]>summary]:mb-4"
        onToggle={(event) => setCreating(event.currentTarget.open)}
      >
        <summary id="new-user" className="cursor-pointer text-lg font-semibold">
          <Trans>New user</Trans>
        </summary>
        {creating ? <NewUserForm createUser={createUser} setNote={setNote} onCreated={reload} /> : null}
      </details>
      <UsersSearch initial={query.search} change={change} />
      <UsersFilters query={query} change={change} />
      <Loaded
        state={state}
        onRetry={reload}
        isEmpty={(users) => users.totalItems === 0}
        empty={<Trans>No user matches these filters.</Trans>}
      >
        {(users) => <UsersPage users={users} perPage={query.perPage} change={change} goTo={goTo} />}
      </Loaded>
    </div>
  );
}
