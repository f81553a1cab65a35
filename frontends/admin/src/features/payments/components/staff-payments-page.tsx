/**
 * /admin/payments (issue 14): staff see completed and refunded payments and refund one in full or
 * in part. The gateway reverses the agent's transfer and the platform fee in proportion; each
 * refund is audit-logged and issues a credit note (linked after the refund).
 */

import { describeFailure } from "@closr/client";
import {
  Alert,
  Badge,
  Button,
  bindNumber,
  Card,
  CardContent,
  Facts,
  formatDate,
  formatMoney,
  InputField,
  MoneyField,
  PageSpinner,
  toast,
} from "@closr/ui";
import { type FormEvent, useState } from "react";
import { AdminPage } from "../../shared/components/admin-list.tsx";
import { type Refund, type StaffPayment, useRefundPayment, useStaffPayments } from "../api/staff-payments.ts";
import "./staff-payments.css";

function RefundForm({ row, onRefunded }: { row: StaffPayment; onRefunded: (refund: Refund) => void }) {
  const left = Math.round((row.payment.amount - row.payment.refundedAmount) * 100) / 100;
  const [amount, setAmount] = useState(left.toFixed(2));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const refund = useRefundPayment();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    if (!Number.isFinite(value) || value <= 0) return setError("Amount must be a positive number");
    if (value > left) return setError(`At most ${formatMoney(left)} is left to refund`);
    setError(undefined);
    refund.mutate(
      { paymentId: row.payment.id, amount: value, reason: reason.trim() || "Refund" },
      {
        onSuccess: (done) => {
          toast({
            title: "Refund issued",
            description: `${formatMoney(done.amount)} refunded.`,
            variant: "success",
          });
          onRefunded(done);
        },
        onError: (failure) => {
          const { message } = describeFailure(failure);
          setError(message);
          toast({ title: "Refund failed", description: message, variant: "destructive" });
        },
      },
    );
  };
  return (
    <form
      className="refund-form"
      onSubmit={submit}
      noValidate
      aria-label={`Refund payment #${row.payment.id}`}
    >
      <MoneyField label="Refund amount ($)" min={0.01} max={left} {...bindNumber(amount, setAmount, error)} />
      <InputField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      <div className="refund-actions">
        <Button
          variant="outline"
          size="sm"
          onPress={() => setAmount((Math.round(left * 50) / 100).toFixed(2))}
        >
          Half
        </Button>
        <Button type="submit" variant="destructive" size="sm" isPending={refund.isPending}>
          {refund.isPending ? "Refunding..." : "Refund"}
        </Button>
      </div>
    </form>
  );
}

function PaymentRow({ row }: { row: StaffPayment }) {
  const [last, setLast] = useState<Refund | null>(null);
  const { payment, invoice } = row;
  const partly = payment.status === "completed" && payment.refundedAmount > 0;
  return (
    <li>
      <Card>
        <CardContent className="staff-payment">
          <div className="staff-payment-head">
            <h2 className="staff-payment-title">
              Invoice #{invoice.id} · {invoice.businessName ?? `Business #${invoice.businessId}`} →{" "}
              {invoice.agentName ?? `Agent #${invoice.agentId}`}
            </h2>
            <Badge variant={payment.status === "completed" ? (partly ? "secondary" : "default") : "outline"}>
              {payment.status === "refunded" ? "Refunded" : partly ? "Partially refunded" : "Completed"}
            </Badge>
          </div>
          <Facts
            className="staff-payment-facts"
            facts={[
              ["Paid", formatMoney(payment.amount)],
              ["Platform fee", formatMoney(payment.platformFee)],
              ["Refunded", formatMoney(payment.refundedAmount)],
              ["Date", formatDate(invoice.paidAt ?? payment.createdAt)],
            ]}
          />
          {last ? (
            <p className="small">
              Refunded {formatMoney(last.amount)}: {formatMoney(last.transferReversed)} taken back from the
              agent, {formatMoney(last.platformFeeRefunded)} of the fee returned.{" "}
              <a href={`/api/refunds/${last.id}/credit-note.pdf`} download>
                Credit note PDF
              </a>
            </p>
          ) : null}
          {payment.status === "completed" ? (
            <RefundForm key={payment.refundedAmount} row={row} onRefunded={setLast} />
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

export function StaffPaymentsPage() {
  const payments = useStaffPayments();
  return (
    <AdminPage
      title="Payments"
      description="Refund a payment in full or in part. Every refund is audit-logged."
    >
      {payments.isPending ? <PageSpinner /> : null}
      {payments.isError ? (
        <div className="stack">
          <Alert>Failed to load payments: {describeFailure(payments.error).message}</Alert>
          <div>
            <Button variant="outline" onPress={() => void payments.refetch()}>
              Retry
            </Button>
          </div>
        </div>
      ) : null}
      {payments.data ? (
        payments.data.items.length === 0 ? (
          <p className="muted">No payments yet.</p>
        ) : (
          <ul className="staff-payments" aria-label="Payments">
            {payments.data.items.map((row) => (
              <PaymentRow key={row.payment.id} row={row} />
            ))}
          </ul>
        )
      ) : null}
    </AdminPage>
  );
}
