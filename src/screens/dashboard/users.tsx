import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useState } from "react";
import type { ActionResult } from "../../auth/action-result.ts";
import type { AuthUser } from "../../auth/auth-state.tsx";
import { planStatus, planStatusBadges, planStatusLabels, type PlanStatus } from "../../auth/plan-status.ts";
import {
  defaultUsersQuery,
  type Page,
  type UserSort,
  type UsersQuery,
  type YesNo,
} from "../../dashboard/superuser.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import {
  cellClassName,
  ChoiceField,
  formatDateTime,
  headCellClassName,
  LoadError,
  LoadingRows,
  PageHeading,
  tableClassName,
  useLoad,
} from "../../widgets/dashboard/parts.tsx";

export type UsersScreenProps = {
  /** One page of users for a query (search, filters, sort, page). */
  loadUsers: (query: UsersQuery) => Promise<ActionResult<Page<AuthUser>>>;
  initialQuery?: Partial<UsersQuery>;
};

/** `/_`: every user, searched, filtered, sorted and paged; a row opens the user's page. */
export function UsersScreen({ loadUsers, initialQuery }: UsersScreenProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [query, setQuery] = useState<UsersQuery>({ ...defaultUsersQuery, ...initialQuery });
  const [search, setSearch] = useState(query.search);
  const load = useCallback(() => loadUsers(query), [loadUsers, query]);
  const [state, reload] = useLoad(load);
  const change = (patch: Partial<UsersQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));

  const yesNo: { value: YesNo; label: string }[] = [
    { value: "all", label: t`All` },
    { value: "yes", label: t`Yes` },
    { value: "no", label: t`No` },
  ];
  const statuses: { value: PlanStatus | "all"; label: string }[] = [
    { value: "all", label: t`All` },
    { value: "trial", label: i18n._(planStatusLabels.trial) },
    { value: "awaiting-payment", label: i18n._(planStatusLabels["awaiting-payment"]) },
    { value: "paid", label: i18n._(planStatusLabels.paid) },
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
  const perPages = ["20", "50", "100"].map((value) => ({ value, label: value }));

  return (
    <div>
      <PageHeading title={<Trans>Users</Trans>} description={<Trans>Every account of the site.</Trans>} />
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
      <div className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-5">
        <ChoiceField
          label={t`Plan`}
          value={query.status}
          options={statuses}
          onChange={(status) => change({ status })}
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
      {state.status === "loading" ? <LoadingRows /> : null}
      {state.status === "error" ? <LoadError message={state.message} onRetry={reload} /> : null}
      {state.status === "ready" ? (
        state.data.totalItems === 0 ? (
          <p role="status" className="rounded-md border px-4 py-8 text-center text-muted-foreground">
            <Trans>No user matches these filters.</Trans>
          </p>
        ) : (
          <>
            <p role="status" className="mb-2 text-sm text-muted-foreground">
              <Plural value={state.data.totalItems} one="# user" other="# users" />
            </p>
            <div className="overflow-x-auto">
              <table className={tableClassName}>
                <thead>
                  <tr>
                    <th className={headCellClassName}>
                      <Trans>Email</Trans>
                    </th>
                    <th className={headCellClassName}>
                      <Trans>Name</Trans>
                    </th>
                    <th className={headCellClassName}>
                      <Trans>Plan</Trans>
                    </th>
                    <th className={headCellClassName}>
                      <Trans>Verified</Trans>
                    </th>
                    <th className={headCellClassName}>
                      <Trans>Signed up</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {state.data.items.map((user) => {
                    const status = planStatus(user);
                    return (
                      <tr key={user.id} data-slot="dashboard-user">
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
                        </td>
                        <td className={cellClassName}>
                          {user.verified ? <Trans>Yes</Trans> : <Trans>No</Trans>}
                        </td>
                        <td className={`${cellClassName} whitespace-nowrap`}>
                          {formatDateTime(user.created, locale)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <nav aria-label={t`Pages`} className="mt-4 flex flex-wrap items-end justify-between gap-3">
              <ChoiceField
                label={t`Per page`}
                value={String(query.perPage)}
                options={perPages}
                onChange={(perPage) => change({ perPage: Number(perPage) })}
                className="w-28"
              />
              <div className="flex items-center gap-3 text-sm">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={query.page <= 1}
                  onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
                >
                  <Trans>Previous</Trans>
                </Button>
                <span>
                  <Trans>
                    Page {state.data.page} of {Math.max(state.data.totalPages, 1)}
                  </Trans>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={query.page >= state.data.totalPages}
                  onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
                >
                  <Trans>Next</Trans>
                </Button>
              </div>
            </nav>
          </>
        )
      ) : null}
    </div>
  );
}
