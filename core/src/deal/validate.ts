/**
 * Input rules of registrations and sales (issue 43), as pure functions returning the clean value
 * or the field problems (422). Messages are the ones shown beside each field.
 */
import { Either } from "effect";
import { type Abn, type Cents, cents, parseAbn } from "../shared/index.ts";
import { type CustomerInput, dealRules, type FieldProblem, type SaleKind, saleKinds } from "./model.ts";
import { normaliseCustomerName, normaliseDomain } from "./normalise.ts";

/** Customer fields as typed (API or form). */
export interface RawCustomer {
  readonly name: string;
  readonly abn?: string | null | undefined;
  readonly website?: string | null | undefined;
  readonly contactName?: string | null | undefined;
  readonly contactEmail?: string | null | undefined;
  readonly contactPhone?: string | null | undefined;
}

const blank = (s: string | null | undefined) => (s ?? "").trim().length === 0;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for a real `yyyy-MM-dd` calendar date. */
export const isCalendarDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A customer's name, ABN (spaces and dashes allowed), website domain and contact, checked. */
export function validateCustomer(
  raw: RawCustomer,
  prefix = "",
): Either.Either<CustomerInput, FieldProblem[]> {
  const errors: FieldProblem[] = [];
  const name = raw.name.trim().replace(/\s+/g, " ");
  const normalisedName = normaliseCustomerName(name);
  if (name.length < 2 || name.length > 200 || normalisedName.length === 0)
    errors.push({ field: `${prefix}name`, message: "Enter the customer's name (2–200 characters)." });
  let abn: Abn | null = null;
  if (!blank(raw.abn)) {
    const parsed = parseAbn(raw.abn ?? "");
    if (Either.isLeft(parsed)) errors.push({ field: `${prefix}abn`, message: parsed.left.message });
    else abn = parsed.right;
  }
  let domain: string | null = null;
  if (!blank(raw.website)) {
    domain = normaliseDomain(raw.website ?? "");
    if (domain === null)
      errors.push({ field: `${prefix}website`, message: "Enter a website such as harbourtech.com.au." });
  }
  const contactEmail = blank(raw.contactEmail) ? null : (raw.contactEmail ?? "").trim();
  if (contactEmail !== null && (!emailPattern.test(contactEmail) || contactEmail.length > 254))
    errors.push({ field: `${prefix}contactEmail`, message: "Enter a valid email address." });
  const contactName = blank(raw.contactName) ? null : (raw.contactName ?? "").trim().slice(0, 200);
  const contactPhone = blank(raw.contactPhone) ? null : (raw.contactPhone ?? "").trim();
  if (contactPhone !== null && !/^[+()\d\s-]{6,20}$/.test(contactPhone))
    errors.push({
      field: `${prefix}contactPhone`,
      message: "Enter a phone number (digits, spaces, + and dashes).",
    });
  if (errors.length > 0) return Either.left(errors);
  return Either.right({ name, normalisedName, abn, domain, contactName, contactEmail, contactPhone });
}

/** A sale amount in cents: 1 to dealRules.maxSaleCents. */
export const validSaleCents = (n: number): n is Cents =>
  Number.isInteger(n) && n >= 1 && n <= dealRules.maxSaleCents;

/** "1,234.50", "$1234.5", "1234" → cents; null when not an amount with at most 2 decimals. */
export function parseDollars(text: string): Cents | null {
  const s = text.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole = "0", fraction = ""] = s.split(".");
  return cents(Number(whole) * 100 + Number(fraction.padEnd(2, "0")));
}

/** A sale kind as typed ("one_off", "one-off", "recurring monthly" …), or null. */
export function parseSaleKind(text: string): SaleKind | null {
  const s = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (s === "") return "one_off";
  if (s === "recurring" || s === "monthly") return "recurring_monthly";
  return (saleKinds as readonly string[]).includes(s) ? (s as SaleKind) : null;
}
