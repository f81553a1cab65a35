/**
 * Invoice schemas (spec §3 invoices; §4 display state; §5 Invoice form; §7 calls; issue 5).
 * `businessId` and `agentId` are PROFILE ids. Money crosses the API as AUD dollars with at most
 * 2 decimals (`amount`); inside it is integer cents. `dueDate` is `yyyy-MM-dd`; other times are
 * ISO 8601 UTC. Payments have their own file (payment.ts).
 */
import { z } from "@hono/zod-openapi";
import { IdParam, money, pageParam, pageSchema, positiveId, typedDollars } from "./common.ts";

export const InvoiceStatus = z
  .enum(["paid", "overdue", "pending", "refunded", "partly_refunded", "disputed", "cancelled"])
  .openapi("InvoiceStatus", {
    description:
      "Spec §4 display state (ADR 0040, core's displayState): cancelled once a dispute resolution cancelled it (never payable, never overdue); else disputed while a dispute is active (in the app, or a card dispute at the gateway holding the payout, ADR 0049); else, when paid, refunded (in full), partly_refunded (in part; refundedAmount says how much) or paid; else overdue once the due date has passed (Sydney), else pending.",
  });

export const Invoice = z
  .object({
    id: z.number().int(),
    partnershipId: z.number().int(),
    businessId: z.number().int().openapi({ description: "Business profile id." }),
    agentId: z.number().int().openapi({ description: "Agent profile id." }),
    amount: money("The invoice total the business pays (subtotal + GST)."),
    currency: z.literal("AUD"),
    subtotal: money("The agent's price: GST-exclusive when the agent is registered for GST."),
    gst: money("GST added on top (10 %, rounded half up to the cent); 0 when the agent is not registered."),
    platformFee: money("The platform's fee, deducted from the agent's payout (not added to the total)."),
    agentNet: money("What reaches the agent: amount − platformFee."),
    refundedAmount: money("Refunded so far."),
    gstRegistered: z.boolean().openapi({ description: "The agent was registered for GST when raising it." }),
    agentAbn: z.string().nullable().openapi({
      description:
        "The agent's ABN (11 digits). Null: no ABN quoted; the business may need to withhold 47 % (ATO no-ABN withholding).",
    }),
    description: z.string(),
    dueDate: z.string().openapi({ format: "date", example: "2026-12-23" }),
    isPaid: z.boolean(),
    status: InvoiceStatus,
    createdAt: z.string().openapi({ format: "date-time" }),
    paidAt: z.string().nullable().openapi({ format: "date-time" }),
    cancelledAt: z.string().nullable().openapi({
      format: "date-time",
      description: "When a dispute resolution cancelled the unpaid invoice; null: not cancelled.",
    }),
    disputed: z.boolean().openapi({
      description:
        "A dispute on the invoice is active (in the app, or a card dispute at the gateway, ADR 0049): it cannot be paid, refunded or disputed again.",
    }),
    businessName: z.string().nullable().openapi({ description: "The business's company name." }),
    agentName: z.string().nullable().openapi({ description: "The agent's full name." }),
  })
  .openapi("Invoice");
export type Invoice = z.infer<typeof Invoice>;

export const InvoicePage = pageSchema(Invoice, "InvoicePage");

export const CreateInvoiceRequest = z
  .strictObject({
    businessId: positiveId("Business is required").openapi({ description: "Business profile id." }),
    partnershipId: positiveId("Partnership is required"),
    amount: typedDollars().openapi({ description: "AUD dollars, minimum and step 0.01.", example: 1250.5 }),
    description: z
      .string({ error: "Description is required" })
      .trim()
      .min(3, { error: "Description is required" })
      .max(5000, { error: "Description must be at most 5000 characters" }),
    dueDate: z
      .string({ error: "Due date is required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Due date is required" })
      .optional()
      .openapi({ format: "date", description: "yyyy-MM-dd; defaults to 30 days from today (Sydney)." }),
    saleAmount: z
      .number({ error: "Sale amount must be a number" })
      .min(0, { error: "Sale amount must be a number" })
      .max(99_999_999.99, { error: "Sale amount is too large" })
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
        error: "Sale amount can have at most 2 decimals",
      })
      .optional()
      .openapi({
        description:
          "Issue 17: the sale value (AUD). With a signed agreement, `amount` above the commission it computes on this sale needs `aboveCommissionReason`.",
        example: 10000,
      }),
    saleDate: z
      .string({ error: "Sale date is required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Sale date is required" })
      .optional()
      .openapi({
        format: "date",
        description:
          "Issue 17: the sale's date, default today (Sydney); must fall within the agreement's term (422 on saleDate).",
      }),
    aboveCommissionReason: z
      .string()
      .trim()
      .max(1000, { error: "Reason must be at most 1000 characters" })
      .optional()
      .openapi({ description: "Why the amount is above the computed commission (ADR 0017)." }),
  })
  .openapi("CreateInvoiceRequest", {
    example: {
      businessId: 1,
      partnershipId: 1,
      amount: 1500,
      description: "Commission on the Acme deal",
      saleAmount: 10000,
    },
  });
export type CreateInvoiceRequest = z.input<typeof CreateInvoiceRequest>;

export const CommissionSummary = z
  .object({
    month: z.string().openapi({ example: "2026-11", description: "The current month in Australia/Sydney." }),
    paidThisMonth: money("Sum of the agent's invoices paid this month (gross)."),
    netThisMonth: money("The same less platform fees and refunded transfers (net)."),
  })
  .openapi("CommissionSummary");

export const InvoicingPageQuery = z.object({
  page: pageParam("page", 10_000, 1),
  pageSize: pageParam("pageSize", 100, 50),
});

export const InvoicingId = IdParam;
