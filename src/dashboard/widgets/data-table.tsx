import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

export const cellClassName = "border-b px-3 py-2 align-top";

/** A list's table: its column headings, then its rows (`<tr>`); it scrolls sideways when narrow. */
export function DataTable({ headings, children }: { headings: ReactNode[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr>
            {headings.map((heading, index) => (
              <th key={index} className="border-b px-3 py-2 font-medium text-muted-foreground">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The heading of a column of buttons: read by screen readers, not shown. */
export function ActionsHeading() {
  return (
    <span className="sr-only">
      <Trans>Actions</Trans>
    </span>
  );
}
