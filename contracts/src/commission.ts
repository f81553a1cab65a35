/**
 * Commission ledger schemas (issue 43, ADR 0063): a partnership's commission lines, its monthly
 * statements (Sydney calendar months), the invoice drafted from its payable lines and, with the
 * RCTI clause, the recipient-created tax invoice (ATO LI 2023/20). Money crosses as AUD dollars
 * with 2 decimals (integer cents inside); lines are ex-GST and signed (clawbacks negative); dates
 * `yyyy-MM-dd`, months `yyyy-MM`.
 */
import { z } from "@hono/zod-openapi";
import { PartnershipIdParam } from "./agreement.ts";
import { money, pageParam, pageSchema } from "./common.ts";
import { Invoice } from "./invoice.ts";

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthError = "month must be yyyy-MM";

export const CommissionLineModel = z
  .enum(["straight", "base_plus", "tiered", "residual"])
  .openapi("CommissionModelName", { description: "The agreement's commission model the line follows." });

export const CommissionLineState = z
  .enum(["earned", "payable", "invoiced", "paid"])
  .openapi("CommissionLineState", {
    description:
      "earned → payable (after the agreement's holding period) → invoiced (taken by an invoice) → paid (the invoice was paid). Clawbacks are payable at once.",
  });

export const CommissionLine = z
  .object({
    id: z.number().int(),
    partnershipId: z.number().int(),
    saleId: z.number().int().openapi({ description: "The sale (deal context) the line was computed from." }),
    agreementVersion: z
      .number()
      .int()
      .openapi({ description: "The agreement version whose terms it follows." }),
    model: CommissionLineModel,
    kind: z.enum(["commission", "base", "clawback"]).openapi({
      description:
        "commission: a sale's share; base: base-plus's monthly base; clawback: a refund's negative line.",
    }),
    amount: money("Signed, ex-GST: clawbacks are negative."),
    earnedOn: z
      .string()
      .openapi({ format: "date", description: "The day it was earned; its month is its statement's." }),
    payableOn: z
      .string()
      .openapi({ format: "date", description: "earnedOn + the holding period (clawbacks: at once)." }),
    state: CommissionLineState,
    invoiceId: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The invoice that took it; null until invoiced." }),
    invoicedOn: z.string().nullable().openapi({ format: "date" }),
    paidOn: z.string().nullable().openapi({ format: "date" }),
    reason: z.string().nullable().openapi({ description: "Why a clawback was made; null for other lines." }),
  })
  .openapi("CommissionLine");

export const CommissionLinePage = pageSchema(CommissionLine, "CommissionLinePage");

export const CommissionLineQuery = z.object({
  page: pageParam("page", 10_000, 1),
  pageSize: pageParam("pageSize", 100, 50),
  state: CommissionLineState.optional().openapi({
    param: { name: "state", in: "query" },
    description: "Only lines in this state.",
  }),
  month: z
    .string()
    .regex(monthPattern, { error: monthError })
    .optional()
    .openapi({
      param: { name: "month", in: "query" },
      description: "Only lines earned in this Sydney calendar month (yyyy-MM).",
      example: "2026-11",
    }),
});

export const CommissionStatementsQuery = z.object({
  page: pageParam("page", 10_000, 1),
  pageSize: pageParam("pageSize", 24, 12),
});

export const CommissionLineParams = z.object({
  partnershipId: PartnershipIdParam.shape.partnershipId,
  lineId: z.coerce
    .number({ error: "Line id must be a positive whole number" })
    .int({ error: "Line id must be a positive whole number" })
    .min(1, { error: "Line id must be a positive whole number" })
    .max(2_147_483_647, { error: "Line id must be a positive whole number" })
    .openapi({ param: { name: "lineId", in: "path" }, description: "The commission line's id.", example: 1 }),
});

export const StatementMonthParams = z.object({
  partnershipId: PartnershipIdParam.shape.partnershipId,
  month: z
    .string()
    .regex(monthPattern, { error: monthError })
    .openapi({
      param: { name: "month", in: "path" },
      description: "The statement's Sydney calendar month (yyyy-MM).",
      example: "2026-11",
    }),
});

const StatementParty = z.object({
  id: z.number().int().openapi({ description: "Profile id." }),
  name: z.string(),
  abn: z.string().nullable().openapi({ description: "11 digits; null when none is on record." }),
  gstRegistered: z.boolean(),
});

export const CommissionStatement = z
  .object({
    partnershipId: z.number().int(),
    month: z.string().openapi({ example: "2026-11", description: "Sydney calendar month (yyyy-MM)." }),
    currency: z.literal("AUD"),
    business: StatementParty,
    agent: StatementParty,
    openingBalance: money("Earned and not yet paid before the month."),
    sales: z.object({
      count: z.number().int().openapi({ description: "Confirmed sales dated in the month." }),
      total: money("Their ex-GST total."),
    }),
    linesByModel: z.array(
      z.object({
        model: CommissionLineModel,
        count: z.number().int(),
        amount: money("Positive lines earned in the month."),
      }),
    ),
    clawbacks: money("The month's clawbacks (0 or negative)."),
    earned: money("Lines earned in the month, clawbacks included."),
    payable: money("Lines that became payable in the month, net."),
    invoiced: money("Lines invoiced in the month."),
    paid: money("Lines paid in the month."),
    closingBalance: money("openingBalance + earned − paid."),
    issued: z.boolean().openapi({
      description: "The statement was issued (after the month ended; statement.issued was sent).",
    }),
  })
  .openapi("CommissionStatement");

export const CommissionStatementPage = pageSchema(CommissionStatement, "CommissionStatementPage");

export const CommissionInvoiceDraft = z
  .object({
    partnershipId: z.number().int(),
    rcti: z.boolean().openapi({
      description:
        "true: both parties are registered for GST and the agreement has the RCTI clause, so the business issues a recipient-created tax invoice (ATO LI 2023/20); false: the agent issues their own invoice.",
    }),
    issuer: z.enum(["business", "agent"]).openapi({ description: "Who presses Issue." }),
    issueBy: z.string().nullable().openapi({
      format: "date",
      description:
        "RCTI only: the day the business issues it by — 28 days after the oldest payable line became payable (ATO LI 2023/20); null for the agent's invoice.",
    }),
    lines: z
      .array(CommissionLine)
      .openapi({ description: "Every payable line, clawbacks included, oldest first." }),
    subtotal: money("The lines' net, ex-GST."),
    gst: money("GST on top when the agent is registered (10 %, rounded half up)."),
    total: money("subtotal + GST: what the business pays."),
  })
  .openapi("CommissionInvoiceDraft");

export const CommissionInvoiceIssued = z
  .object({
    invoice: Invoice,
    rcti: z
      .boolean()
      .openapi({ description: "The invoice is a recipient-created tax invoice issued by the business." }),
    lineIds: z.array(z.number().int()).openapi({ description: "The lines it took (now invoiced)." }),
    documentUrl: z.string().openapi({
      description: "The invoice's document: the RCTI PDF, or the agent's tax invoice PDF once paid.",
      example: "/api/invoices/31/rcti.pdf",
    }),
  })
  .openapi("CommissionInvoiceIssued");
