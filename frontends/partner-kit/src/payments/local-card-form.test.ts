import { describe, expect, it } from "vitest";
import { formatCardNumber, formatExpiry, validateCard } from "./local-card-form.tsx";

/** Each prefix of `keys` typed into a field that reformats with `format` (what a person's keys do). */
const typeInto = (format: (text: string) => string, keys: string) =>
  [...keys].reduce((shown, key) => format(shown + key), "");

describe("the local card form as typed (issue 46)", () => {
  it("groups the card number in fours and drops what is not a digit", () => {
    expect(typeInto(formatCardNumber, "4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0025 0000x3155")).toBe("4000 0025 0000 3155");
    expect(formatCardNumber("4242 4")).toBe("4242 4");
    expect(formatCardNumber("12345678901234567890123")).toBe("1234 5678 9012 3456 789");
  });

  it("shows the expiry as MM / YY: 1229 is 12 / 29, a first digit 2–9 is a month", () => {
    expect(typeInto(formatExpiry, "1229")).toBe("12 / 29");
    expect(typeInto(formatExpiry, "830")).toBe("08 / 30");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("12 / ")).toBe("12");
    expect(formatExpiry("12/345")).toBe("12 / 34");
  });

  it("accepts 1229, 12/29 and 12 / 2029 as December 2029, and refuses a past month", () => {
    const now = new Date(2026, 11, 1);
    for (const expiry of ["1229", "12/29", "12 / 29", "12 / 2029"]) {
      const checked = validateCard("4242 4242 4242 4242", expiry, "123", now);
      expect(checked.errors, expiry).toEqual({});
      expect(checked.card, expiry).toEqual({
        number: "4242424242424242",
        expMonth: 12,
        expYear: 2029,
        cvc: "123",
      });
    }
    expect(validateCard("4242424242424242", "1126", "123", now).errors).toEqual({
      expiry: "Your card's expiration year is in the past.",
    });
    expect(validateCard("4242424242424242", "1326", "123", now).errors.expiry).toBe(
      "Your card's expiration date is incomplete.",
    );
  });
});
