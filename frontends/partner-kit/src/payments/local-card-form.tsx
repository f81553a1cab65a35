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
import { Alert, Button, Dialog, InputField, useSubmitOnce } from "@closr/ui";
import { useState } from "react";
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

/** A card number as typed, shown as Stripe's field does: digits only (at most 19), in groups of 4. */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * An expiry as typed, shown "MM / YY" (issue 46: `1229` is 12 / 29): digits only, at most 4; a
 * first digit 2–9 is a month, so it becomes 02–09; the separator appears once the year starts.
 */
export function formatExpiry(typed: string): string {
  let digits = typed.replace(/\D/g, "").slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * Stripe.js-style checks before anything is sent: the number (12–19 digits, spaces ignored), the
 * expiry (MM/YY, MM / YY, MMYY or MM/YYYY; not before this month of `now`) and the CVC (3–4 digits).
 */
export function validateCard(number: string, expiry: string, cvc: string, now = new Date()) {
  const errors: Errors = {};
  const digits = number.replace(/\s/g, "");
  if (!/^\d{12,19}$/.test(digits)) errors.number = "Your card number is incomplete.";
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim()) ?? /^(\d{2})(\d{2})$/.exec(expiry.trim());
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
      ? { kind: "requires_action", step: "dialog" }
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
  const [authenticating, setAuthenticating] = useState(false);
  const [authenticatingBusy, setAuthenticatingBusy] = useState(false);
  /** A field's change: its new text, and its error cleared (it is being fixed). */
  const change = (field: keyof Errors, set: (text: string) => void) => (text: string) => {
    set(text);
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const settle = (intent: PaymentIntent) => {
    const outcome = outcomeOf(intent);
    setFormError(announce(outcome));
    if (outcome.kind === "requires_action") setAuthenticating(true);
    else if (outcome.kind !== "declined") onDone(intent);
  };

  // One press, one confirm (issue 46): a double tap on Pay sends the card once.
  const { onSubmit, isPending: paying } = useSubmitOnce(() => {
    const checked = validateCard(number, expiry, cvc);
    setErrors(checked.errors);
    const card = checked.card;
    if (!card) return;
    setFormError(null);
    return confirmLocalCard(endpoint, payment, card).then(settle, (error: unknown) =>
      setFormError(announceException(error)),
    );
  });
  const busy = paying || authenticatingBusy;

  const authenticate = async (outcome: "complete" | "fail") => {
    if (authenticatingBusy) return;
    setAuthenticatingBusy(true);
    try {
      setAuthenticating(false);
      settle(await authenticateLocalCard(endpoint, payment, outcome));
    } catch (error) {
      setFormError(announceException(error));
    } finally {
      setAuthenticatingBusy(false);
    }
  };

  return (
    <form className="card-form stack" onSubmit={onSubmit} noValidate aria-label="Card details">
      <InputField
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={number}
        maxLength={23}
        onChange={(e) => change("number", setNumber)(formatCardNumber(e.target.value))}
        errorMessage={errors.number}
      />
      <div className="card-form-row">
        <InputField
          label="Expiry"
          name="exp-date"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          inputMode="numeric"
          maxLength={7}
          onChange={(e) => change("expiry", setExpiry)(formatExpiry(e.target.value))}
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
          onChange={(e) => change("cvc", setCvc)(e.target.value.replace(/\D/g, ""))}
          errorMessage={errors.cvc}
        />
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      <Button type="submit" block isPending={busy}>
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
            <Button variant="outline" onPress={() => authenticate("fail")} isPending={authenticatingBusy}>
              Fail
            </Button>
            <Button onPress={() => authenticate("complete")} isPending={authenticatingBusy}>
              Complete
            </Button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}
