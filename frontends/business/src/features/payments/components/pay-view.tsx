/**
 * The pay view of one invoice (spec §2.8: Pay Now opens it, Back to Invoices leaves it). Starts
 * the payment (POST /api/create-payment-intent) once, then shows Stripe's Payment Element when
 * the server uses Stripe, else the local gateway's card form.
 */

import { describeFailure } from "@closr/client";
import { LocalCardForm, paymentMessages as messages } from "@closr/partner-kit";
import { Alert, Button, Facts, formatDate, formatMoney, Spinner, TitledCard } from "@closr/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  confirmationPath,
  type Invoice,
  paymentsKey,
  type StartedPayment,
  startPayment,
} from "../api/payments-api.ts";
import { StripeCardForm } from "./stripe-card-form.tsx";

/** "51 824 753 556": the ATO's grouping of the 11 digits. */
const formatAbn = (abn: string) => abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3 $4");

export function PayView({ invoice, onBack }: { invoice: Invoice; onBack: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<StartedPayment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startPayment(invoice.id).then(setPayment, (failure) => setError(describeFailure(failure).message));
  }, [invoice.id]);

  const done = (intent: { id: string }) => {
    void queryClient.invalidateQueries({ queryKey: paymentsKey });
    navigate(confirmationPath(intent.id, invoice.id));
  };
  const amountLabel = formatMoney(invoice.amount);

  return (
    <div className="stack">
      <div>
        <Button variant="ghost" onPress={onBack}>
          ← Back to Invoices
        </Button>
      </div>
      {invoice.agentAbn ? null : (
        <Alert variant="info">
          This agent has not quoted an ABN. You may need to withhold 47% of the payment for the ATO (no ABN
          withholding).
        </Alert>
      )}
      <div className="pay-layout">
        <TitledCard title={`Invoice #${invoice.id}`} className="stack">
          <Facts
            className="detail-list"
            facts={[
              ["From", invoice.agentName ?? `Agent #${invoice.agentId}`],
              invoice.gstRegistered && ["Subtotal (excl. GST)", formatMoney(invoice.subtotal)],
              invoice.gstRegistered && ["GST (10%)", formatMoney(invoice.gst)],
              [invoice.gstRegistered ? "Total (incl. GST)" : "Amount", amountLabel, "amount"],
              [
                "Platform fee",
                `${formatMoney(invoice.platformFee)}, paid from the agent's share (not added to your total)`,
              ],
              ["Agent's ABN", invoice.agentAbn ? formatAbn(invoice.agentAbn) : "Not quoted"],
              ["Due", formatDate(invoice.dueDate)],
              ["Description", invoice.description],
            ]}
          />
        </TitledCard>
        <TitledCard title="Pay by card" className="stack">
          {error ? (
            <Alert>
              {messages.initFailed}: {error}
            </Alert>
          ) : !payment ? (
            <Spinner label="Preparing payment" />
          ) : payment.gateway === "stripe" ? (
            <StripeCardForm payment={payment} amountLabel={amountLabel} onDone={done} />
          ) : (
            <LocalCardForm payment={payment} amountLabel={amountLabel} onDone={done} />
          )}
        </TitledCard>
      </div>
    </div>
  );
}
