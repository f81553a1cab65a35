/**
 * What the card form does with the gateway's answer (spec §4 "Card payment form", §8 Payments):
 * succeeded → "Payment successful!" toast and the confirmation page; requires_action →
 * "Additional verification required", with the spec's "You'll be redirected…" where the bank's
 * page may take over (Stripe), and what happens instead where a dialog opens (the local gateway's
 * stand-in, issue 46); a decline → the provider's message in the form and a
 * "Payment failed" toast ("An unknown error occurred." without one); any other status → the
 * confirmation page; an exception → "An error occurred while processing your payment." with a
 * "Payment error" toast.
 */
import { toast } from "@closr/ui";

export const messages = {
  notLoaded: "The payment form has not loaded yet. Please wait a moment and try again.",
  unknown: "An unknown error occurred.",
  exception: "An error occurred while processing your payment.",
  initFailed: "Failed to initialize payment",
} as const;

export type Outcome =
  | { readonly kind: "succeeded" }
  | { readonly kind: "requires_action"; readonly step?: "redirect" | "dialog" }
  | { readonly kind: "declined"; readonly message: string }
  | { readonly kind: "other" };

/** Shows the toasts of spec §8 for an outcome; returns the form-level message, if any. */
export function announce(outcome: Outcome): string | null {
  switch (outcome.kind) {
    case "succeeded":
      toast({ title: "Payment successful!", variant: "success" });
      return null;
    case "requires_action":
      toast({
        title: "Additional verification required",
        description:
          outcome.step === "dialog"
            ? "Your bank asks you to confirm this payment in the window that has opened."
            : "You'll be redirected to verify your payment method.",
      });
      return null;
    case "declined":
      toast({ title: "Payment failed", description: outcome.message, variant: "destructive" });
      return outcome.message;
    case "other":
      return null;
  }
}

/** The exception path of spec §8. */
export function announceException(error: unknown): string {
  toast({
    title: "Payment error",
    description: error instanceof Error && error.message ? error.message : messages.exception,
    variant: "destructive",
  });
  return messages.exception;
}
