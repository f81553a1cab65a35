/**
 * Payment mandate and collection schemas (issue 45, ADR 0064). A mandate lets Closr collect one
 * partnership's invoices on their due dates, by BECS Direct Debit (`au_becs_debit`) or a card saved
 * for off-session use. Money crosses the API in AUD dollars; dates are `yyyy-MM-dd` (Sydney), times
 * ISO 8601 UTC.
 */
import { z } from "@hono/zod-openapi";
import { money } from "./common.ts";

export const MandateMethod = z.enum(["au_becs_debit", "card"]).openapi("MandateMethod", {
  description:
    "au_becs_debit: BECS Direct Debit from an Australian bank account; card: a card saved for off-session charges.",
});

export const MandateStatus = z.enum(["pending", "active", "inactive", "revoked"]).openapi("MandateStatus", {
  description:
    "pending: set up, not yet confirmed by the gateway; active: collects; inactive: the gateway stopped it (e.g. account closed), replace it; revoked: by the business, final.",
});

export const Mandate = z
  .object({
    id: z.number().int(),
    partnershipId: z.number().int(),
    businessId: z.number().int().openapi({ description: "Business profile id." }),
    agentId: z.number().int().openapi({ description: "Agent profile id." }),
    method: MandateMethod,
    status: MandateStatus,
    reference: z
      .string()
      .openapi({ description: "The mandate reference shown to the payer (kept for the DDR)." }),
    bsb: z.string().nullable().openapi({ description: "BSB (6 digits) of a BECS mandate; null for a card." }),
    lastFour: z.string().openapi({
      description: "Last four digits of the account or card (empty until a Stripe card is confirmed).",
    }),
    inactiveReason: z
      .string()
      .nullable()
      .openapi({ description: "Why the gateway made it inactive, e.g. account_closed." }),
    acceptedAt: z
      .string()
      .openapi({ format: "date-time", description: "When the payer accepted the mandate." }),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Mandate");

/** A string of digits, spaces and dashes with `min`–`max` digits (the service strips the rest). */
const digits = (name: string, min: number, max: number) =>
  z
    .string({ error: `Enter the ${name}` })
    .refine(
      (v) => /^[\d\s-]+$/.test(v) && v.replace(/\D/g, "").length >= min && v.replace(/\D/g, "").length <= max,
      {
        error: `Enter a ${min === max ? min : `${min}–${max}`}-digit ${name}`,
      },
    );

export const StartMandateRequest = z
  .object({
    method: MandateMethod,
    accountName: z
      .string({ error: "Enter the account holder's name" })
      .trim()
      .min(1, { error: "Enter the account holder's name" })
      .max(140, { error: "Keep the name under 140 characters" })
      .openapi({ description: "The account holder (BECS) or cardholder name." }),
    bsb: digits("BSB", 6, 6)
      .optional()
      .openapi({ description: "BECS: the BSB (6 digits; dashes and spaces ignored).", example: "000-000" }),
    accountNumber: digits("account number", 5, 9)
      .optional()
      .openapi({ description: "BECS: the account number (5–9 digits).", example: "000123456" }),
    cardNumber: digits("card number", 12, 19).optional().openapi({
      type: "string",
      description:
        "Card on the local gateway only (a test card). In Stripe mode omit it: the answer's clientSecret is confirmed by Stripe.js, so card numbers never reach Closr.",
    }),
    directDebitRequestVersion: z.string().optional().openapi({
      description:
        "BECS: the version of the Direct Debit Request service agreement text the payer was shown and accepted (GET /api/mandates/direct-debit-request). Required for au_becs_debit; another version is refused.",
    }),
  })
  .openapi("StartMandateRequest");

export const StartedMandate = Mandate.extend({
  gateway: z.enum(["local", "stripe"]).openapi({ description: "Which gateway holds the mandate." }),
  clientSecret: z.string().nullable().openapi({
    description:
      "The SetupIntent's client secret (`seti_…_secret_…`) when the browser must confirm it with Stripe.js (a card in Stripe mode); null when the set-up was confirmed on the server (BECS, the local gateway).",
  }),
}).openapi("StartedMandate", { description: "The new mandate, with what the browser does next." });

export const DirectDebitRequest = z
  .object({
    version: z
      .string()
      .openapi({ description: "Send this back as directDebitRequestVersion when accepting." }),
    text: z
      .string()
      .openapi({ description: "The Direct Debit Request text shown before the payer accepts." }),
    serviceAgreementUrl: z
      .string()
      .openapi({ format: "uri", description: "Where the DDR service agreement is published." }),
  })
  .openapi("DirectDebitRequest");

export const CollectionStatus = z
  .enum(["scheduled", "processing", "paid", "failed"])
  .openapi("CollectionStatus", {
    description:
      "scheduled: will be charged on scheduledFor; processing: a BECS debit is clearing; paid: collected by the mandate; failed: the last attempt failed (retryOn says when the next one runs, null if none).",
  });

export const CollectionAttempt = z
  .object({
    attempt: z.number().int().openapi({ description: "1 on the due date, then 2–4 for the retries." }),
    status: z.enum(["pending", "processing", "completed", "failed", "refunded"]),
    chargedOn: z.string().openapi({ format: "date", description: "Sydney date of the charge." }),
    failureMessage: z.string().nullable(),
  })
  .openapi("CollectionAttempt");

export const InvoiceCollection = z
  .object({
    invoiceId: z.number().int(),
    status: CollectionStatus.nullable().openapi({
      description: "null: not collected automatically (no active mandate).",
    }),
    scheduledFor: z
      .string()
      .nullable()
      .openapi({ format: "date", description: "When scheduled: the Sydney date of the charge." }),
    expectedOn: z
      .string()
      .nullable()
      .openapi({ format: "date", description: "When processing: the expected clearing date, if known." }),
    failureReason: z.string().nullable().openapi({ description: "When failed: the gateway's reason." }),
    retryOn: z
      .string()
      .nullable()
      .openapi({ format: "date", description: "When failed: the date of the next attempt (null: no more)." }),
    amount: money("The invoice's amount in"),
    mandate: z.union([Mandate, z.null()]).openapi({ description: "The mandate collecting it, if any." }),
    attempts: z.array(CollectionAttempt),
  })
  .openapi("InvoiceCollection");
