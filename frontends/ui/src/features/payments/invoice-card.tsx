/**
 * The parts of an invoice card both sides show (the agent's Your Invoices, the business's
 * Invoices tab): the head with the invoice number, the other party and the status badge, and
 * the invoice PDF link of a paid invoice.
 */
import type { components } from "@closr/contracts/client";
import { Badge, type BadgeVariant } from "../../design-system/components/card.tsx";

type Invoice = components["schemas"]["Invoice"];

/** Badge variant per invoice status: paid success, overdue destructive, pending outline, refunded secondary. */
export const invoiceBadge: Record<Invoice["status"], BadgeVariant> = {
  paid: "success",
  overdue: "destructive",
  pending: "outline",
  refunded: "secondary",
};

/**
 * `div.invoice-head`: the h3 "Invoice #{id} - {party}" (`party`, the other side's name) and the
 * status badge worded `label` (each side words the statuses its own way).
 */
export function InvoiceHead({ invoice, party, label }: { invoice: Invoice; party: string; label: string }) {
  return (
    <div className="invoice-head">
      <h3 className="invoice-title">
        Invoice #{invoice.id} - {party}
      </h3>
      <Badge variant={invoiceBadge[invoice.status]}>{label}</Badge>
    </div>
  );
}

/** The download link of the invoice's PDF: "Tax invoice PDF" when GST-registered, else "Invoice PDF". */
export function InvoicePdfLink({ invoice }: { invoice: Invoice }) {
  return (
    <a className="btn btn-outline btn-sm" href={`/api/invoices/${invoice.id}/tax-invoice.pdf`} download>
      {invoice.gstRegistered ? "Tax invoice" : "Invoice"} PDF
    </a>
  );
}
