/**
 * Payout schemas (issue 14): the agent's payout account and tax details, the local onboarding
 * form, earnings by month, staff refunds and their credit notes. Money crosses as AUD dollars
 * with 2 decimals; inside it is integer cents.
 */
import { z } from "@hono/zod-openapi";
import { money, pageSchema, typedDollars } from "./common.ts";
import { Invoice } from "./invoice.ts";
import { Payment } from "./payment.ts";

export const PayoutAccountStatus = z
  .enum(["not_started", "onboarding", "restricted", "enabled"])
  .openapi("PayoutAccountStatus", {
    description:
      "not_started: no account yet; onboarding: details still due; restricted: the gateway needs more (requirements); enabled: charges and payouts enabled.",
  });

export const PayoutAccount = z
  .object({
    status: PayoutAccountStatus,
    gateway: z.enum(["local", "stripe"]),
    accountId: z.string().nullable().openapi({ description: "The connected account (acct_…)." }),
    chargesEnabled: z.boolean(),
    payoutsEnabled: z.boolean(),
    requirements: z
      .array(z.string())
      .openapi({ description: "What the gateway still needs (Stripe requirement names)." }),
    disabledReason: z.string().nullable(),
    bankLastFour: z.string().nullable(),
    abn: z.string().nullable().openapi({ description: "11 digits, or null when none is recorded." }),
    gstRegistered: z.boolean(),
  })
  .openapi("PayoutAccount");

export const PayoutOnboarding = z
  .object({
    url: z
      .string()
      .openapi({ description: "Where to give the details (Stripe onboarding, or the local form)." }),
  })
  .openapi("PayoutOnboarding");

export const TaxDetailsRequest = z
  .strictObject({
    abn: z.string().max(20, { error: "An ABN is 11 digits (spaces or dashes allowed)" }).nullable().openapi({
      description:
        "The agent's ABN (11 digits; spaces or dashes allowed, stored as the digits); null or empty for none.",
    }),
    gstRegistered: z.boolean({ error: "Say whether you are registered for GST" }),
  })
  .openapi("TaxDetailsRequest");

export const LocalBankDetailsRequest = z
  .strictObject({
    accountName: z.string({ error: "Enter the account name" }).max(100),
    bsb: z.string({ error: "A BSB is 6 digits, like 062-000" }).max(10),
    accountNumber: z.string({ error: "An account number is 5 to 9 digits" }).max(20),
  })
  .openapi("LocalBankDetailsRequest");

export const EarningsMonth = z
  .object({
    month: z.string().openapi({ example: "2026-11" }),
    paid: money("Paid by businesses (gross)."),
    platformFees: money("Platform fees (less fees refunded)."),
    refunded: money("Refunded to businesses."),
    net: money("What the agent keeps."),
    pendingPayout: money("Net not yet paid out (within the payout delay)."),
    heldPayout: money("Net held while a card dispute on the payment is open (ADR 0041); not paid out."),
    paidOut: money("Net paid out to the bank account."),
  })
  .openapi("EarningsMonth");

export const EarningsEntry = z
  .object({
    paymentId: z.number().int(),
    invoiceId: z.number().int(),
    paidAt: z.string().openapi({ format: "date-time" }),
    amount: money("Paid."),
    platformFee: money("Fee (less any fee refunded)."),
    refunded: money("Refunded."),
    net: money("Kept."),
  })
  .openapi("EarningsEntry");

export const Earnings = z
  .object({
    months: z.array(EarningsMonth),
    entries: z.array(EarningsEntry),
    payoutDelayDays: z.number().int(),
  })
  .openapi("Earnings");

export const Refund = z
  .object({
    id: z.number().int(),
    paymentId: z.number().int(),
    invoiceId: z.number().int(),
    amount: money("Refunded to the business."),
    platformFeeRefunded: money("Platform fee returned (proportional)."),
    transferReversed: money("Taken back from the agent's payout account."),
    gst: money("GST included in the refund."),
    reason: z.string(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Refund");

export const RefundList = z.object({ items: z.array(Refund) }).openapi("RefundList");

export const CreateRefundRequest = z
  .strictObject({
    amount: typedDollars().openapi({ description: "AUD dollars to refund (full or partial)." }),
    reason: z.string().max(500, { error: "At most 500 characters" }).default(""),
  })
  .openapi("CreateRefundRequest");

export const StaffPayment = z
  .object({ payment: Payment, invoice: Invoice })
  .openapi("StaffPayment", { description: "A payment with its invoice, for the staff refund page." });

export const StaffPaymentPage = pageSchema(StaffPayment, "StaffPaymentPage");

export const ConnectWebhookAck = z
  .object({ received: z.literal(true), outcome: z.string() })
  .openapi("ConnectWebhookAck");
