import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "#src/ui/button.tsx";

/** Previous and next page around "Page n of m"; `children` sit at the start (the page size). */
export function Pager({
  page,
  totalPages,
  onPage,
  children,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Pages`} className="mt-4 flex flex-wrap items-end justify-between gap-3">
      {children}
      <div className="ml-auto flex items-center gap-3 text-sm">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <span>
          <Trans>
            Page {page} of {Math.max(totalPages, 1)}
          </Trans>
        </span>
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </nav>
  );
}
