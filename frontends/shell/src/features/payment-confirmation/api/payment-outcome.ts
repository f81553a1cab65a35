/**
 * The /payment-confirmation decision (spec §4 "Payment confirmation page", §8 messages), as pure
 * functions the page runs: `outcomeFromRedirect` reads the query string the card provider
 * returned with; when it cannot decide alone it asks for the payment intent to be verified, and
 * `outcomeFromIntentStatus` turns the provider's status into the verdict. A failure to verify
 * is `unverified`.
 */

/** What the page shows once decided. Titles and texts are the spec's, word for word. */
export type Verdict = { state: "success" } | { state: "error"; title: string; text: string };

export const succeeded: Verdict = { state: "success" };

/** "Payment failed: There was a problem processing your payment." */
export const failed: Verdict = {
  state: "error",
  title: "Payment failed",
  text: "There was a problem processing your payment.",
};

/** "Error verifying payment: We couldn't verify your payment status. Please contact customer support." */
export const unverified: Verdict = {
  state: "error",
  title: "Error verifying payment",
  text: "We couldn't verify your payment status. Please contact customer support.",
};

/**
 * redirect_status "succeeded" is success at once; otherwise a payment_intent must be verified
 * (`{ verify: id }`); neither is a failure.
 */
export function outcomeFromRedirect(query: {
  redirectStatus: string | null;
  paymentIntent: string | null;
}): Verdict | { verify: string } {
  if (query.redirectStatus === "succeeded") return succeeded;
  if (!query.paymentIntent) return failed;
  return { verify: query.paymentIntent };
}

/** The verified intent's status: succeeded or processing is success, anything else a failure. */
export function outcomeFromIntentStatus(status: string): Verdict {
  return status === "succeeded" || status === "processing" ? succeeded : failed;
}
