/**
 * The payments of an invoice (agent) or of a business (payment history) as one table: Date,
 * Invoice (when `withInvoice`), Amount, Status badge, Transaction ID ("N/A" when none).
 */
import type { components } from "@closr/contracts/client";
import { Badge, type BadgeVariant } from "../../design-system/components/card.tsx";
import { formatDate, formatMoney } from "../../lib/format.ts";

export type Payment = components["schemas"]["Payment"];

/** Spec §4: completed default style, processing secondary, anything else outline. */
export const paymentBadge = (status: Payment["status"]): BadgeVariant =>
  status === "completed" ? "default" : status === "processing" ? "secondary" : "outline";

/** "completed" → "Completed". */
export const paymentStatusLabel = (status: Payment["status"]) =>
  status.charAt(0).toUpperCase() + status.slice(1);

export function PaymentsTable({
  payments,
  withInvoice = false,
}: {
  payments: readonly Payment[];
  withInvoice?: boolean;
}) {
  return (
    // Scrolls inside its own (focusable, named) box on a phone, never the page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
    <section className="table-scroll" aria-label="Payments" tabIndex={0}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            {withInvoice ? <th scope="col">Invoice</th> : null}
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Transaction ID</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>{formatDate(payment.createdAt)}</td>
              {withInvoice ? <td>#{payment.invoiceId}</td> : null}
              <td>{formatMoney(payment.amount)}</td>
              <td>
                <Badge variant={paymentBadge(payment.status)}>{paymentStatusLabel(payment.status)}</Badge>
              </td>
              <td className="mono">{payment.transactionId ?? "N/A"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
