/**
 * The local gateway's card form (the default, offline gateway; ADR 0008), shared by invoice
 * payments (business remote) and subscription checkout (shell, issue 13). Takes a card, confirms
 * the payment through the API (the number decides the outcome and is never stored), and runs the
 * extra authentication step of test card 4000 0025 0000 3155 in a dialog with Complete and Fail
 * buttons, as a bank's 3-D Secure page would. `endpoint` picks the API: invoice PaymentIntents
 * (default) or subscription invoice payments.
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { Alert, Button, Dialog, InputField } from "@closr/ui";
import { type FormEvent, useState } from "react";
import { announce, announceException, type Outcome } from "./payment-outcome.ts";

export type PaymentIntent = components["schemas"]["PaymentIntent"];

export interface CardInput {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}

/** Which local-gateway API confirms the payment. */
export type LocalPaymentEndpoint = "payment-intents" | "subscription-payments";

/** Local gateway: confirms a payment with a card (the number never leaves this call's body). */
export async function confirmLocalCard(
  endpoint: LocalPaymentEndpoint,
  intent: { id: string; clientSecret: string },
  card: CardInput,
): Promise<PaymentIntent> {
  const init = { params: { path: { id: intent.id } }, body: { clientSecret: intent.clientSecret, card } };
  const { data, error, response } =
    endpoint === "payment-intents"
      ? await apiClient.POST("/api/local-gateway/payment-intents/{id}/confirm", init)
      : await apiClient.POST("/api/local-gateway/subscription-payments/{id}/confirm", init);
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

/** Local gateway: completes or fails the extra authentication step. */
export async function authenticateLocalCard(
  endpoint: LocalPaymentEndpoint,
  intent: { id: string; clientSecret: string },
  outcome: "complete" | "fail",
): Promise<PaymentIntent> {
  const init = { params: { path: { id: intent.id } }, body: { clientSecret: intent.clientSecret, outcome } };
  const { data, error, response } =
    endpoint === "payment-intents"
      ? await apiClient.POST("/api/local-gateway/payment-intents/{id}/authenticate", init)
      : await apiClient.POST("/api/local-gateway/subscription-payments/{id}/authenticate", init);
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

type Errors = Partial<Record<"number" | "expiry" | "cvc", string>>;

/** Stripe.js-style checks before anything is sent. */
export function validateCard(number: string, expiry: string, cvc: string, now = new Date()) {
  const errors: Errors = {};
  const digits = number.replace(/\s/g, "");
  if (!/^\d{12,19}$/.test(digits)) errors.number = "Your card number is incomplete.";
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  let card: CardInput | undefined;
  if (!m) errors.expiry = "Your card's expiration date is incomplete.";
  else {
    const month = Number(m[1]);
    const year = Number(m[2]) < 100 ? 2000 + Number(m[2]) : Number(m[2]);
    if (month < 1 || month > 12) errors.expiry = "Your card's expiration date is incomplete.";
    else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      errors.expiry = "Your card's expiration year is in the past.";
    else card = { number: digits, expMonth: month, expYear: year, cvc };
  }
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = "Your card's security code is incomplete.";
  return { errors, card: Object.keys(errors).length === 0 ? card : undefined };
}

const outcomeOf = (intent: PaymentIntent): Outcome =>
  intent.status === "succeeded"
    ? { kind: "succeeded" }
    : intent.status === "requires_action"
      ? { kind: "requires_action" }
      : intent.lastPaymentError
        ? { kind: "declined", message: intent.lastPaymentError.message || "An unknown error occurred." }
        : { kind: "other" };

export function LocalCardForm({
  payment,
  amountLabel,
  onDone,
  endpoint = "payment-intents",
}: {
  payment: { readonly id: string; readonly clientSecret: string };
  amountLabel: string;
  endpoint?: LocalPaymentEndpoint;
  /** Called once the intent leaves the form (succeeded, processing, …): go to the confirmation page. */
  onDone: (intent: PaymentIntent) => void;
}) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);

  const settle = (intent: PaymentIntent) => {
    const outcome = outcomeOf(intent);
    setFormError(announce(outcome));
    if (outcome.kind === "requires_action") setAuthenticating(true);
    else if (outcome.kind !== "declined") onDone(intent);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateCard(number, expiry, cvc);
    setErrors(checked.errors);
    if (!checked.card) return;
    setBusy(true);
    setFormError(null);
    try {
      settle(await confirmLocalCard(endpoint, payment, checked.card));
    } catch (error) {
      setFormError(announceException(error));
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (outcome: "complete" | "fail") => {
    setBusy(true);
    try {
      setAuthenticating(false);
      settle(await authenticateLocalCard(endpoint, payment, outcome));
    } catch (error) {
      setFormError(announceException(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card-form stack" onSubmit={submit} noValidate aria-label="Card details">
      <InputField
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={number}
        maxLength={23}
        onChange={(e) => setNumber(e.target.value.replace(/[^\d ]/g, ""))}
        errorMessage={errors.number}
      />
      <div className="card-form-row">
        <InputField
          label="Expiry"
          name="exp-date"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          maxLength={7}
          onChange={(e) => setExpiry(e.target.value)}
          errorMessage={errors.expiry}
        />
        <InputField
          label="CVC"
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="CVC"
          value={cvc}
          maxLength={4}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, ""))}
          errorMessage={errors.cvc}
        />
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      <Button type="submit" block isDisabled={busy}>
        {busy ? "Processing..." : `Pay ${amountLabel}`}
      </Button>
      <p className="muted small">
        Test mode (local gateway): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025
        0000 3155 asks for authentication. Any future expiry and CVC.
      </p>
      <Dialog
        title="Authenticate payment"
        isOpen={authenticating}
        onOpenChange={(open) => {
          if (!open && authenticating) void authenticate("fail");
        }}
      >
        <div className="stack">
          <p>
            Your bank asks you to confirm this payment of {amountLabel}. This is the local gateway's stand-in
            for 3-D Secure.
          </p>
          <div className="dialog-actions">
            <Button variant="outline" onPress={() => void authenticate("fail")} isDisabled={busy}>
              Fail
            </Button>
            <Button onPress={() => void authenticate("complete")} isDisabled={busy}>
              Complete
            </Button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}
