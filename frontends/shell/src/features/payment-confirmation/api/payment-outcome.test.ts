import { describe, expect, it } from "vitest";
import {
  failed,
  outcomeFromIntentStatus,
  outcomeFromRedirect,
  succeeded,
  unverified,
} from "./payment-outcome.ts";

describe("payment confirmation outcome (spec §4)", () => {
  it("redirect_status succeeded is success at once, even without a payment_intent", () => {
    expect(outcomeFromRedirect({ redirectStatus: "succeeded", paymentIntent: null })).toEqual(succeeded);
    expect(outcomeFromRedirect({ redirectStatus: "succeeded", paymentIntent: "pi_1" })).toEqual(succeeded);
  });

  it("otherwise a payment_intent is verified with the server", () => {
    expect(outcomeFromRedirect({ redirectStatus: "failed", paymentIntent: "pi_1" })).toEqual({
      verify: "pi_1",
    });
    expect(outcomeFromRedirect({ redirectStatus: null, paymentIntent: "pi_2" })).toEqual({ verify: "pi_2" });
    expect(outcomeFromRedirect({ redirectStatus: "processing", paymentIntent: "pi_3" })).toEqual({
      verify: "pi_3",
    });
  });

  it("no payment_intent (and no success) is a failure", () => {
    expect(outcomeFromRedirect({ redirectStatus: null, paymentIntent: null })).toEqual(failed);
    expect(outcomeFromRedirect({ redirectStatus: "failed", paymentIntent: "" })).toEqual(failed);
  });

  it("a verified intent: succeeded or processing is success, anything else a failure", () => {
    expect(outcomeFromIntentStatus("succeeded")).toEqual(succeeded);
    expect(outcomeFromIntentStatus("processing")).toEqual(succeeded);
    for (const status of ["requires_payment_method", "requires_action", "canceled", "failed", ""])
      expect(outcomeFromIntentStatus(status)).toEqual(failed);
  });

  it("uses the spec's words", () => {
    expect(failed).toEqual({
      state: "error",
      title: "Payment failed",
      text: "There was a problem processing your payment.",
    });
    expect(unverified).toEqual({
      state: "error",
      title: "Error verifying payment",
      text: "We couldn't verify your payment status. Please contact customer support.",
    });
  });
});
