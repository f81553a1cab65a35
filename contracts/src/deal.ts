/**
 * Deal registration, customers and sales schemas (issue 43 part A, ADR 0062). Money crosses the
 * API as AUD dollars with 2 decimals, ex-GST (integer cents inside); dates are `yyyy-MM-dd`
 * (protection is counted in Sydney calendar days); times ISO 8601 UTC.
 */
import { z } from "@hono/zod-openapi";
import { money, pageParam, pageSchema, uploadedFile } from "./common.ts";

export const DealState = z
  .enum(["submitted", "approved", "rejected", "won", "lost", "expired"])
  .openapi("DealState", {
    description:
      "submitted: waits for the business and already holds the customer; approved: protected through protectedUntil; rejected, won, lost and expired are final.",
  });

export const RejectionReason = z
  .enum(["already_customer", "house_account", "registered_by_another", "other"])
  .openapi("RejectionReason", {
    description: "Why the business rejected the registration; other needs its words.",
  });

export const SaleState = z.enum(["reported", "confirmed", "disputed", "refunded"]).openapi("SaleState", {
  description:
    "reported: an agent's report waiting for the business (confirmed by itself at confirmBy); confirmed counts for commission; disputed: the business said no; refunded: refunded in full.",
});

export const SaleKind = z
  .enum(["one_off", "recurring_monthly"])
  .openapi("SaleKind", { description: "A one-off sale, or one month of a recurring monthly sale." });

const calendarDate = (description: string) =>
  z
    .string({ error: "Enter a date as yyyy-MM-dd." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter a date as yyyy-MM-dd." })
    .openapi({ format: "date", description, example: "2026-12-02" });

const dollars = (error: string) =>
  z
    .number({ error })
    .min(0, { error })
    .max(9_999_999.99, { error })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: "Amount can have at most 2 decimals",
    });

const optionalText = (max: number, error: string) =>
  z.string({ error }).max(max, { error }).nullable().optional();

/** The customer fields a registration and the business's list share. */
const customerFields = {
  name: z.string({ error: "Enter the customer's name (2–200 characters)." }).openapi({
    description: "The customer's trading or legal name.",
    example: "Harbour Tech Pty Ltd",
  }),
  abn: optionalText(20, "Enter an ABN of 11 digits.").openapi({
    description: "11 digits; spaces and dashes allowed (checksum-checked).",
    example: "51 824 753 556",
  }),
  website: optionalText(300, "Enter a website such as harbourtech.com.au.").openapi({
    description: "A website or its domain; compared as the bare host (no scheme, www. or path).",
    example: "https://harbourtech.com.au",
  }),
  contactName: optionalText(200, "A name is at most 200 characters."),
  contactEmail: optionalText(254, "Enter a valid email address."),
  contactPhone: optionalText(20, "Enter a phone number (digits, spaces, + and dashes)."),
};

export const CustomerInput = z.strictObject(customerFields).openapi("CustomerInput");

export const Customer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    abn: z.string().nullable().openapi({ description: "11 digits." }),
    domain: z.string().nullable().openapi({ description: "The website's host, e.g. harbourtech.com.au." }),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    houseAccount: z.boolean().openapi({
      description: "The business keeps this customer for itself: no commission, never registrable.",
    }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Customer");

export const CreateCustomerRequest = z
  .strictObject({
    ...customerFields,
    houseAccount: z
      .boolean({ error: "Say whether this is a house account" })
      .openapi({ description: "true: a house account (no commission, never registrable by an agent)." }),
  })
  .openapi("CreateCustomerRequest", {
    example: {
      name: "Blue Gum Hotels",
      abn: "53 004 085 616",
      website: "bluegum.com.au",
      houseAccount: true,
    },
  });

export const CustomerPage = pageSchema(Customer, "CustomerPage");

export const RegisterDealRequest = z
  .strictObject({
    partnershipId: z
      .number({ error: "Choose the partnership" })
      .int({ error: "Choose the partnership" })
      .min(1, { error: "Choose the partnership" })
      .openapi({ description: "An active partnership of the agent's." }),
    customer: CustomerInput,
    estimatedValue: dollars("The estimated value is $0 to $9,999,999.99.")
      .nullable()
      .optional()
      .openapi({ description: "The agent's estimate, AUD dollars ex-GST, 2 decimals.", example: 24000 }),
    expectedCloseDate: calendarDate("When the agent expects to close (yyyy-MM-dd).").nullable().optional(),
    notes: z.string({ error: "Notes are at most 2,000 characters." }).max(2000).nullable().optional(),
  })
  .openapi("RegisterDealRequest", {
    example: {
      partnershipId: 12,
      customer: {
        name: "Harbour Tech Pty Ltd",
        abn: "51 824 753 556",
        website: "harbourtech.com.au",
        contactName: "Sam Lee",
        contactEmail: "sam@harbourtech.com.au",
      },
      estimatedValue: 24000,
      expectedCloseDate: "2027-02-28",
      notes: "Met their CFO at the Sydney expo; trial starts in January.",
    },
  });

export const DealProof = z
  .object({
    id: z.number().int(),
    fileName: z.string(),
    contentType: z.enum(["application/pdf", "image/jpeg", "image/png"]),
    size: z.number().int().openapi({ description: "Bytes." }),
    url: z.string().openapi({ description: "Where the deal's two parties download it." }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("DealProof");

export const DealProofUpload = z
  .object({ file: uploadedFile("PDF, JPEG or PNG (by its contents), at most 10 MB; at most 3 per deal.") })
  .openapi("DealProofUpload");

export const Deal = z
  .object({
    id: z.number().int(),
    partnershipId: z.number().int(),
    businessName: z.string(),
    agentName: z.string(),
    customer: Customer,
    state: DealState,
    estimatedValue: money("The agent's estimate, ex-GST.").nullable(),
    expectedCloseDate: z.string().nullable().openapi({ format: "date" }),
    notes: z.string(),
    protectedUntil: z.string().nullable().openapi({
      format: "date",
      description: "The last Sydney day of protection (inclusive); null unless approved or won.",
    }),
    rejectionReason: RejectionReason.nullable(),
    rejectionNote: z.string().nullable().openapi({ description: "The business's words on a rejection." }),
    proofs: z.array(DealProof),
    submittedAt: z.string().openapi({ format: "date-time" }),
    decidedAt: z.string().nullable().openapi({ format: "date-time" }),
    closedAt: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Deal");

export const DealPage = pageSchema(Deal, "DealPage");

export const DealListQuery = z.object({
  page: pageParam("page", 10_000, 1),
  pageSize: pageParam("pageSize", 100, 50),
  state: DealState.optional().openapi({
    param: { name: "state", in: "query" },
    description: "Only deals in this state.",
  }),
  partnershipId: z.coerce
    .number({ error: "partnershipId must be a positive whole number" })
    .int()
    .min(1)
    .optional()
    .openapi({
      param: { name: "partnershipId", in: "query" },
      description: "Only this partnership's deals.",
    }),
});

const protectionDays = z
  .number({ error: "Protection is 1 to 365 days." })
  .int({ error: "Protection is 1 to 365 days." })
  .min(1, { error: "Protection is 1 to 365 days." })
  .max(365, { error: "Protection is 1 to 365 days." });

export const ApproveDealRequest = z
  .strictObject({
    protectionDays: protectionDays
      .optional()
      .openapi({ description: "Days of protection from today (Sydney); default the agreement's (90)." }),
  })
  .openapi("ApproveDealRequest", { example: { protectionDays: 90 } });

export const RejectDealRequest = z
  .strictObject({
    reason: RejectionReason,
    note: z
      .string({ error: "The note is at most 2,000 characters." })
      .trim()
      .max(2000, { error: "The note is at most 2,000 characters." })
      .nullable()
      .optional()
      .openapi({ description: "The business's words (required for other)." }),
  })
  .openapi("RejectDealRequest", {
    example: { reason: "other", note: "We signed them directly in October." },
  });

export const RenewDealRequest = z
  .strictObject({
    days: protectionDays.optional().openapi({
      description: "Days added from the later of today and the current end; default the agreement's (90).",
    }),
  })
  .openapi("RenewDealRequest", { example: { days: 30 } });

export const Sale = z
  .object({
    id: z.number().int(),
    partnershipId: z.number().int(),
    dealId: z.number().int().nullable(),
    customerId: z.number().int().nullable(),
    customerName: z.string().nullable(),
    amount: money("The sale, ex-GST."),
    refundedAmount: money("Refunded so far, ex-GST."),
    saleDate: z.string().openapi({ format: "date" }),
    kind: SaleKind,
    state: SaleState,
    reportedBy: z.enum(["business", "agent", "api"]),
    source: z.enum(["form", "csv", "api"]),
    externalRef: z
      .string()
      .nullable()
      .openapi({ description: "The reporter's own reference (CRM id, order number)." }),
    confirmBy: z.string().nullable().openapi({
      format: "date-time",
      description:
        "An agent-reported sale counts as confirmed at this time unless the business answers first.",
    }),
    confirmedAt: z.string().nullable().openapi({ format: "date-time" }),
    disputeNote: z.string().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Sale");

export const SalePage = pageSchema(Sale, "SalePage");

export const SaleListQuery = z.object({
  page: pageParam("page", 10_000, 1),
  pageSize: pageParam("pageSize", 100, 50),
  state: SaleState.optional().openapi({
    param: { name: "state", in: "query" },
    description: "Only sales in this state.",
  }),
});

export const ReportSaleRequest = z
  .strictObject({
    partnershipId: z
      .number({ error: "Choose the partnership" })
      .int({ error: "Choose the partnership" })
      .min(1, { error: "Choose the partnership" }),
    dealId: z
      .number({ error: "Choose the deal" })
      .int({ error: "Choose the deal" })
      .min(1, { error: "Choose the deal" })
      .openapi({ description: "A won deal, or one approved and protected on the sale's date." }),
    amount: dollars("The amount is $0.01 to $9,999,999.99 ex-GST.").openapi({
      description: "AUD dollars ex-GST, 2 decimals.",
      example: 1250,
    }),
    saleDate: calendarDate("The day of the sale (not in the future)."),
    kind: SaleKind.optional().openapi({ description: "Default one_off." }),
    externalRef: z
      .string({ error: "The reference is at most 100 characters." })
      .max(100, { error: "The reference is at most 100 characters." })
      .nullable()
      .optional()
      .openapi({ description: "Your own reference; a second sale with it answers 409 sale-duplicate." }),
  })
  .openapi("ReportSaleRequest", {
    example: {
      partnershipId: 12,
      dealId: 31,
      amount: 1250,
      saleDate: "2026-12-01",
      kind: "recurring_monthly",
      externalRef: "INV-20931",
    },
  });

export const DisputeSaleRequest = z
  .strictObject({
    note: z
      .string({ error: "Say why the sale is disputed." })
      .trim()
      .min(1, { error: "Say why the sale is disputed." })
      .max(2000, { error: "The note is at most 2,000 characters." }),
  })
  .openapi("DisputeSaleRequest", { example: { note: "This order was cancelled before delivery." } });

export const RefundSaleRequest = z
  .strictObject({
    amount: dollars("The refund is $0.01 up to what is left of the sale.").openapi({
      description: "This refund, AUD dollars ex-GST.",
      example: 250,
    }),
  })
  .openapi("RefundSaleRequest", { example: { amount: 250 } });

export const ImportSalesQuery = z.object({
  importValidRows: z
    .enum(["true", "false"], { error: "importValidRows must be true or false" })
    .optional()
    .openapi({
      param: { name: "importValidRows", in: "query" },
      description:
        "true: store the valid rows even when others have errors. Default false: a file with errors stores nothing.",
    }),
});

export const ImportProblem = z
  .object({
    row: z
      .number()
      .int()
      .openapi({ description: "1 = the first data row after the header; 0 = the header or the file." }),
    column: z
      .string()
      .openapi({ description: "The column's header name (date, amount, kind, deal, customer, reference)." }),
    message: z.string(),
  })
  .openapi("SaleImportProblem");

export const SaleImport = z
  .object({
    stored: z
      .boolean()
      .openapi({ description: "Whether sales were stored (false: a dry run, nothing stored)." }),
    imported: z.number().int().openapi({ description: "Sales stored." }),
    validRows: z.number().int(),
    rows: z.number().int().openapi({ description: "Data rows read (the header excluded)." }),
    errors: z.array(ImportProblem),
  })
  .openapi("SaleImport", {
    example: {
      stored: false,
      imported: 0,
      validRows: 9997,
      rows: 10000,
      errors: [{ row: 17, column: "amount", message: "The amount is $0.01 to $9,999,999.99 ex-GST." }],
    },
  });
