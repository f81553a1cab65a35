/**
 * Money inside Closr: integer cents, AUD (docs/architecture.md). On the wire the contract speaks AUD
 * dollars with at most 2 decimals; these two functions are the ONLY conversions between the two
 * (handlers and adapters convert nowhere else).
 */
import { formatCents } from "@closr/format";
import { Schema } from "effect";

/** An integer amount of AUD cents. */
export const Cents = Schema.Int.pipe(Schema.brand("Cents"));
export type Cents = typeof Cents.Type;

/** AUD dollars (at most 2 decimals, validated by the contract) → integer cents. */
export const centsFromDollars = (dollars: number): Cents => Cents.make(Math.round(dollars * 100));

/** Integer cents → AUD dollars (a number with at most 2 decimals). */
export const dollarsFromCents = (cents: Cents): number => Math.round(cents) / 100;

/** Cents from an integer already counted in cents (a database column, a catalogue constant). */
export const cents = (value: number): Cents => Cents.make(value);

/** AUD in en-AU format ("$1,234.50") for notices and emails. */
export const formatAud = (value: Cents): string => formatCents(value);
