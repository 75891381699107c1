import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import type { ReceiptItem } from "#src/auth/billing.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { Button } from "#src/ui/button.tsx";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { formatDate, formatPrice, formatReceiptNumber } from "#shared/format.ts";

export type ReceiptActions = {
  /** The user's receipts, the newest first. */
  loadReceipts: () => Promise<ActionResult<ReceiptItem[]>>;
  /** Saves receipt `number` as a PDF in the page's language. */
  downloadReceipt: (number: number) => Promise<ActionResult<unknown>>;
};

/** One receipt: its number, date and amount, and its download. */
function ReceiptRow({
  receipt,
  download,
}: {
  receipt: ReceiptItem;
  download: ReceiptActions["downloadReceipt"];
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [state, run] = useAction(download);
  const number = formatReceiptNumber(receipt.number);
  const issued = formatDate(receipt.issued, locale, "medium");
  const amount = formatPrice(receipt.amount, locale, receipt.currency);
  return (
    <li data-slot="receipt" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <span>
          <Trans>
            No. {number}, {issued}: {amount} incl. VAT
          </Trans>
        </span>
        <Button
          variant="outline"
          size="sm"
          pending={state.status === "submitting"}
          aria-label={t`Download receipt No. ${number} (PDF)`}
          onClick={() => void run(receipt.number)}
        >
          <Trans>Download (PDF)</Trans>
        </Button>
      </div>
      <FormAlert status={state.status} message={state.message} />
    </li>
  );
}

/**
 * The receipts of the payments recorded by hand (manual mode), each downloadable as a PDF in the
 * page's language; shown once a payment has been recorded.
 */
export function Receipts({ actions }: { actions: ReceiptActions }) {
  const [receipts, setReceipts] = React.useState<ActionResult<ReceiptItem[]> | undefined>(undefined);
  React.useEffect(() => {
    let active = true;
    void actions.loadReceipts().then((result) => {
      if (active) setReceipts(result);
    });
    return () => {
      active = false;
    };
    // Once per page: a payment is recorded by the operator, not on this page.
  }, []);
  const headingId = React.useId();
  return (
    <section aria-labelledby={headingId} data-slot="receipts" className="flex flex-col gap-3">
      <h3 id={headingId} className="font-medium">
        <Trans>Receipts</Trans>
      </h3>
      {receipts === undefined ? (
        <Skeleton className="h-8 w-full" />
      ) : !receipts.success ? (
        <FormAlert status="error" message={receipts.error.message} />
      ) : receipts.data.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No receipt yet: one is issued with each payment we record.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {receipts.data.map((receipt) => (
            <ReceiptRow key={receipt.number} receipt={receipt} download={actions.downloadReceipt} />
          ))}
        </ul>
      )}
    </section>
  );
}
