/**
 * Australian Business Number (ABN): 11 digits, checked with the ATO checksum.
 * Rule (ATO, "Format of the ABN"): subtract 1 from the first digit, multiply each digit by its
 * weight 10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, sum, and the sum must divide by 89.
 * Input may carry spaces or dashes as separators ("51 824 753 556", "51-824-753-556"); the value
 * kept is the 11 digits, and the checksum runs on those digits.
 */
import { Either, Schema } from "effect";

/** An ABN that passed the checksum: exactly 11 digits, no spaces. */
export const Abn = Schema.String.pipe(Schema.pattern(/^\d{11}$/), Schema.brand("Abn"));
export type Abn = typeof Abn.Type;

const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** Why an ABN was refused; `message` is shown beside the field. */
export interface AbnProblem {
  readonly reason: "length" | "format" | "checksum";
  readonly message: string;
}

/** True when 11 digits pass the ATO checksum. */
export function abnChecksumValid(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 11; i++) {
    const digit = Number(digits[i]) - (i === 0 ? 1 : 0);
    sum += digit * (weights[i] as number);
  }
  return sum % 89 === 0;
}

/** Separators people write inside an ABN: whitespace, hyphen-minus and the Unicode dashes. */
const separators = /[\s\-\u2010-\u2015\u2212]+/g;

/** The input with its separators removed ("53-004 085-616" → "53004085616"); not yet checked. */
export const abnDigits = (input: string): string => input.replace(separators, "");

/**
 * Parses user input into an Abn. Spaces and dashes are allowed anywhere (they are separators, not
 * part of the number). Fewer than 11 characters gives the
 * spec's message (§5 "ABN must be at least 11 characters"); anything but 11 digits, or a failed
 * checksum, gives its own message.
 */
export function parseAbn(input: string): Either.Either<Abn, AbnProblem> {
  const digits = abnDigits(input);
  if (input.trim().length < 11)
    return Either.left({ reason: "length", message: "ABN must be at least 11 characters" });
  if (!/^\d{11}$/.test(digits))
    return Either.left({ reason: "format", message: "An ABN is 11 digits (spaces or dashes allowed)" });
  if (!abnChecksumValid(digits))
    return Either.left({
      reason: "checksum",
      message: "This is not a valid ABN (the check digits do not match)",
    });
  return Either.right(digits as Abn);
}

/** The ABN in the ATO's display grouping: "51 824 753 556". */
export const formatAbn = (abn: Abn | string): string =>
  `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8, 11)}`;
