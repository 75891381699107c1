import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import type { InvoiceItem } from "#src/auth/billing.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { FormAlert } from "#src/forms/form-alert.tsx";
import { useLocale } from "#src/i18n/use-locale.ts";
import { Skeleton } from "#src/ui/skeleton.tsx";
import { formatDate, formatPrice } from "#shared/format.ts";

export type InvoiceActions = {
  /** The customer's Stripe invoices, the newest first. */
  loadInvoices: () => Promise<ActionResult<InvoiceItem[]>>;
};

const link = "text-primary underline underline-offset-4 hover:no-underline";

/** One invoice: its number, date and total with VAT, and Stripe's page and PDF of it. */
function InvoiceRow({ invoice }: { invoice: InvoiceItem }) {
  const { t } = useLingui();
  const locale = useLocale();
  const number = invoice.number || invoice.id;
  const date = formatDate(invoice.created, locale, "medium");
  const total = formatPrice(invoice.total, locale, invoice.currency.toUpperCase());
  return (
    <li data-slot="invoice" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <span>
        <Trans>
          No. {number}, {date}: {total} incl. VAT
        </Trans>
      </span>
      <span className="flex gap-4">
        {invoice.hostedUrl ? (
          <a href={invoice.hostedUrl} className={link} aria-label={t`View invoice No. ${number}`}>
            <Trans>View</Trans>
          </a>
        ) : null}
        {invoice.pdfUrl ? (
          <a href={invoice.pdfUrl} className={link} aria-label={t`Download invoice No. ${number} (PDF)`}>
            <Trans>Download (PDF)</Trans>
          </a>
        ) : null}
      </span>
    </li>
  );
}

/** The customer's invoices from Stripe (Stripe mode), each with Stripe's page and its PDF. */
export function Invoices({ actions }: { actions: InvoiceActions }) {
  const [invoices, setInvoices] = React.useState<ActionResult<InvoiceItem[]> | undefined>(undefined);
  React.useEffect(() => {
    let active = true;
    void actions.loadInvoices().then((result) => {
      if (active) setInvoices(result);
    });
    return () => {
      active = false;
    };
    // Once per page: an invoice is made by Stripe, not on this page.
  }, []);
  const headingId = React.useId();
  return (
    <section aria-labelledby={headingId} data-slot="invoices" className="flex flex-col gap-3">
      <h3 id={headingId} className="font-medium">
        <Trans>Invoices</Trans>
      </h3>
      {invoices === undefined ? (
        <Skeleton className="h-8 w-full" />
      ) : !invoices.success ? (
        <FormAlert status="error" message={invoices.error.message} />
      ) : invoices.data.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No invoice yet: Stripe issues one with each payment.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {invoices.data.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </section>
  );
}
