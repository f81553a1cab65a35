import { describe, expect, it } from "vitest";
import { testCardOutcome } from "./payment-gateway-local.ts";

const now = new Date("2026-11-23T00:00:00Z");
const card = (
  number: string,
  overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: "123",
  ...overrides,
});

describe("the local gateway's test cards (Stripe's)", () => {
  it("decides like Stripe's test mode", () => {
    expect(testCardOutcome(card("4242 4242 4242 4242"), now)).toEqual({ type: "succeed" });
    expect(testCardOutcome(card("5555555555554444"), now)).toEqual({ type: "succeed" });
    expect(testCardOutcome(card("4000002500003155"), now)).toEqual({ type: "authenticate" });
    expect(testCardOutcome(card("4000000000000002"), now)).toEqual({
      type: "decline",
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect(testCardOutcome(card("4000000000009995"), now)).toMatchObject({
      message: "Your card has insufficient funds.",
    });
    expect(testCardOutcome(card("4000000000000069"), now)).toMatchObject({ code: "expired_card" });
    expect(testCardOutcome(card("4000000000000127"), now)).toMatchObject({ code: "incorrect_cvc" });
  });

  it("checks the number (Luhn), the expiry (end of its month) and the CVC", () => {
    expect(testCardOutcome(card("4242424242424241"), now)).toMatchObject({ code: "incorrect_number" });
    expect(testCardOutcome(card("4242424242424242", { expMonth: 10, expYear: 2026 }), now)).toMatchObject({
      code: "expired_card",
    });
    expect(testCardOutcome(card("4242424242424242", { expMonth: 11, expYear: 26 }), now)).toEqual({
      type: "succeed",
    });
    expect(testCardOutcome(card("4242424242424242", { cvc: "12" }), now)).toMatchObject({
      code: "incorrect_cvc",
    });
    // A real (non-test) card number is declined in test mode.
    expect(testCardOutcome(card("4111111111111111"), now)).toMatchObject({ code: "card_declined" });
  });
});
