/**
 * The parts both sides' invoice pages share (the agent's Agent Invoices, the business's
 * Payments): an invoice card's head with the invoice number, the other party and the status
 * badge, the invoice PDF link of a paid invoice, and the Disputes tab.
 */
import type { components } from "@closr/contracts/client";
import type { PageTab } from "@closr/ui";
import { Badge, type BadgeVariant } from "@closr/ui";
import { DisputesTab } from "../disputes/disputes.tsx";

type Invoice = components["schemas"]["Invoice"];

/**
 * Badge variant per invoice status (core's displayState, ADR 0040): paid success, overdue
 * destructive, pending outline, refunded / partly refunded / cancelled secondary, disputed destructive.
 */
export const invoiceBadge: Record<Invoice["status"], BadgeVariant> = {
  paid: "success",
  overdue: "destructive",
  pending: "outline",
  refunded: "secondary",
  partly_refunded: "secondary",
  disputed: "destructive",
  cancelled: "secondary",
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

/**
 * The "Disputes" tab (id "disputes") of a side's invoice page: that `viewer`'s disputes, each
 * linking under `basePath` (the page's path, e.g. "/agent/invoices").
 */
export const disputesTab = (viewer: "business" | "agent", basePath: string): PageTab<"disputes"> => ({
  id: "disputes",
  title: "Disputes",
  panel: <DisputesTab basePath={basePath} viewer={viewer} />,
});
