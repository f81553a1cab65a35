/**
 * Stripe.js's Payment Element for subscriptions (ADR 0042): "payment" mode confirms the first
 * invoice's PaymentIntent of a Stripe-mode subscription (/subscribe), "setup" mode confirms a
 * SetupIntent for a card update (Settings → Billing). Confirms with `redirect: 'if_required'`
 * (an authentication step such as 3D Secure runs in Stripe's own modal; a redirecting method
 * comes back to `returnPath` on this origin). A declined card shows Stripe's message and calls
 * nothing. Stripe.js is loaded only when this form first mounts (@stripe/stripe-js/pure).
 * Source: https://docs.stripe.com/js/payment_intents/confirm_payment, /js/setup_intents/confirm_setup.
 */
import { useStripeFor } from "@closr/client/stripe";
import { Alert, Button } from "@closr/ui";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { type FormEvent, useState } from "react";

export interface StripeElementFormProps {
  readonly publishableKey: string | null;
  readonly clientSecret: string;
  readonly mode: "payment" | "setup";
  /** The submit button's words ("Pay $49.00", "Save card"). */
  readonly submitLabel: string;
  /** Where a redirecting payment method returns (a path on this origin). */
  readonly returnPath: string;
  /** Called once Stripe says succeeded (or processing) with the intent's id (pi_… / seti_…). */
  readonly onDone: (intentId: string) => void;
}

const unknownError = "Something went wrong with the card. Please try again.";

function ElementForm({
  mode,
  submitLabel,
  returnPath,
  onDone,
}: Omit<StripeElementFormProps, "publishableKey" | "clientSecret">) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) {
      setFormError("The card form has not loaded yet. Please try again.");
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const confirmParams = { return_url: `${window.location.origin}${returnPath}` };
      if (mode === "payment") {
        const result = await stripe.confirmPayment({ elements, confirmParams, redirect: "if_required" });
        if (result.error) setFormError(result.error.message || unknownError);
        else if (result.paymentIntent.status === "succeeded" || result.paymentIntent.status === "processing")
          onDone(result.paymentIntent.id);
        else setFormError("The payment was not completed. Please try again.");
      } else {
        const result = await stripe.confirmSetup({ elements, confirmParams, redirect: "if_required" });
        if (result.error) setFormError(result.error.message || unknownError);
        else if (result.setupIntent.status === "succeeded" || result.setupIntent.status === "processing")
          onDone(result.setupIntent.id);
        else setFormError("The card was not saved. Please try again.");
      }
    } catch (error) {
      setFormError(error instanceof Error && error.message ? error.message : unknownError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card-form stack" onSubmit={submit} aria-label="Card details">
      <PaymentElement />
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <Button type="submit" block isDisabled={busy || !stripe}>
        {busy ? "Processing..." : submitLabel}
      </Button>
    </form>
  );
}

/** The Payment Element inside its Elements provider, for a client secret (payment or setup mode). */
export function StripeElementForm({ publishableKey, clientSecret, ...rest }: StripeElementFormProps) {
  const stripe = useStripeFor(publishableKey);
  if (!stripe) return <Alert>Card payments are not configured. Please contact support.</Alert>;
  return (
    <Elements key={clientSecret} stripe={stripe} options={{ clientSecret, appearance: { theme: "stripe" } }}>
      <ElementForm {...rest} />
    </Elements>
  );
}
