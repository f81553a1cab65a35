/**
 * The payments of an invoice (agent) or of a business (payment history) as one table: Date,
 * Invoice (when `withInvoice`), Amount (with what was refunded of it), Status badge, Transaction
 * ID ("N/A" when none). On a phone each row is a card of labelled lines (`cards-on-phone`).
 */
import type { components } from "@closr/contracts/client";
import { Badge, type BadgeVariant, formatDate, formatMoney } from "@closr/ui";

export type Payment = components["schemas"]["Payment"];

/** Spec §4: completed default style, processing secondary, anything else outline. */
export const paymentBadge = (status: Payment["status"]): BadgeVariant =>
  status === "completed" ? "default" : status === "processing" ? "secondary" : "outline";

/** "completed" → "Completed". */
export const paymentStatusLabel = (status: Payment["status"]) =>
  status.charAt(0).toUpperCase() + status.slice(1);

/**
 * The status words of a payment: a completed payment with part of it refunded (in the app, in the
 * Stripe Dashboard or by a lost card dispute, ADR 0041) is "Partly refunded"; else as the status.
 */
export const paymentLabel = (payment: Pick<Payment, "status" | "amount" | "refundedAmount">) =>
  payment.status === "completed" && payment.refundedAmount > 0 && payment.refundedAmount < payment.amount
    ? "Partly refunded"
    : paymentStatusLabel(payment.status);

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
      <table className="data-table cards-on-phone">
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
              <td data-label="Date">{formatDate(payment.createdAt)}</td>
              {withInvoice ? <td data-label="Invoice">#{payment.invoiceId}</td> : null}
              <td data-label="Amount">
                {formatMoney(payment.amount)}
                {payment.refundedAmount > 0 ? (
                  <span className="muted small"> · {formatMoney(payment.refundedAmount)} refunded</span>
                ) : null}
              </td>
              <td data-label="Status">
                <Badge variant={paymentBadge(payment.status)}>{paymentLabel(payment)}</Badge>
              </td>
              <td className="mono" data-label="Transaction ID">
                {payment.transactionId ?? "N/A"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
