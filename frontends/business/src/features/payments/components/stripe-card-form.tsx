/**
 * Stripe's Payment Element (@stripe/react-stripe-js), used when the server has Stripe keys
 * (GET /api/payment-config gives the publishable key at run time; Stripe.js is loaded only then).
 * Confirms with a return address on this origin, /payment-confirmation?invoice_id=…, without a
 * redirect unless the payment method needs one (spec §7).
 */
import { useStripeFor } from "@closr/client/stripe";
import { announce, announceException, paymentMessages as messages } from "@closr/partner-kit";
import { Alert, Button, useSubmitOnce } from "@closr/ui";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { useState } from "react";
import type { PaymentIntent, StartedPayment } from "../api/payments-api.ts";

/** What both card forms take: the started payment, the amount in words, and what to do once paid. */
type CardFormProps = {
  payment: StartedPayment;
  amountLabel: string;
  onDone: (intent: Pick<PaymentIntent, "id">) => void;
};

function PaymentElementForm({ payment, amountLabel, onDone }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async () => {
    if (!stripe || !elements) {
      setFormError(messages.notLoaded);
      return;
    }
    setFormError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}/payment-confirmation?invoice_id=${payment.invoiceId ?? ""}`,
        },
        redirect: "if_required",
      });
      if (result.error) {
        setFormError(announce({ kind: "declined", message: result.error.message || messages.unknown }));
      } else if (result.paymentIntent.status === "succeeded") {
        announce({ kind: "succeeded" });
        onDone({ id: result.paymentIntent.id });
      } else if (result.paymentIntent.status === "requires_action") {
        announce({ kind: "requires_action" });
      } else {
        onDone({ id: result.paymentIntent.id });
      }
    } catch (error) {
      setFormError(announceException(error));
    }
  };
  // One press, one confirm (issue 46): a double tap on Pay confirms the payment once.
  const { onSubmit, isPending: busy } = useSubmitOnce(submit);

  return (
    <form className="card-form stack" onSubmit={onSubmit} aria-label="Card details">
      <PaymentElement />
      {formError ? <Alert>{formError}</Alert> : null}
      <Button type="submit" block isPending={busy} isDisabled={!stripe}>
        {busy ? "Processing..." : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}

export function StripeCardForm({ payment, amountLabel, onDone }: CardFormProps) {
  // Stripe.js is fetched when a card form first needs it, not on every page of the remote.
  const stripe = useStripeFor(payment.publishableKey);
  if (!stripe) return <Alert>{messages.notLoaded}</Alert>;
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret: payment.clientSecret, appearance: { theme: "stripe" } }}
    >
      <PaymentElementForm payment={payment} amountLabel={amountLabel} onDone={onDone} />
    </Elements>
  );
}
