/**
 * Dispute schemas (issue 17, ADR 0018). Money crosses the API as AUD dollars with 2 decimals;
 * an amount in a dispute is always what the business pays **in total** for the invoice
 * (0 = nothing owed). Times are ISO 8601 UTC; deadlines are computed on the Sydney calendar.
 */
import { z } from "@hono/zod-openapi";
import { money, uploadedFile } from "./common.ts";

export const DisputeReason = z
  .enum(["amount_not_owed", "work_not_done", "charged_in_error", "services_not_delivered"])
  .openapi("DisputeReason", {
    description:
      "Unpaid invoice: amount_not_owed, work_not_done. Paid invoice: charged_in_error, services_not_delivered.",
  });

export const DisputeState = z
  .enum(["open", "in_mediation", "proposed", "resolved", "withdrawn"])
  .openapi("DisputeState", {
    description:
      "open: the parties negotiate (7 days per answer); in_mediation: staff propose within 5 business days; proposed: each party accepts within 2 days (silence is acceptance); resolved and withdrawn are final.",
  });

export const DisputeOutcome = z
  .enum([
    "invoice_cancelled",
    "amount_reduced",
    "paid_as_invoiced",
    "full_refund",
    "partial_refund",
    "withdrawn",
  ])
  .openapi("DisputeOutcome");

const DisputeSide = z.enum(["business", "agent"]);

const amount = (error: string) =>
  z
    .number({ error })
    .min(0, { error })
    .max(999_999.99, { error })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: "Amount can have at most 2 decimals",
    });

export const OpenDisputeRequest = z
  .strictObject({
    reason: DisputeReason,
    description: z
      .string({ error: "Describe the problem in at least 10 characters." })
      .trim()
      .min(10, { error: "Describe the problem in at least 10 characters." })
      .max(5000, { error: "The description is at most 5,000 characters." }),
    claimedAmount: amount("Enter the amount you think is owed (0 or more).").optional().openapi({
      description: "What the opener says the business owes in total, AUD dollars (default 0).",
      example: 0,
    }),
  })
  .openapi("OpenDisputeRequest", {
    example: {
      reason: "work_not_done",
      description: "The campaign described in this invoice never ran.",
      claimedAmount: 0,
    },
  });

export const RespondDisputeRequest = z
  .strictObject({
    action: z.enum(["accept", "counter", "reject"]),
    amount: amount("Enter the amount you offer (0 up to the invoice amount).").optional().openapi({
      description: "Counter-offer only: what the business pays in total, AUD dollars.",
      example: 625,
    }),
    message: z.string().trim().max(2000, { error: "A message is at most 2,000 characters." }).optional(),
  })
  .openapi("RespondDisputeRequest", {
    example: { action: "counter", amount: 625, message: "Half of the leads converted." },
  });

export const DisputeMessageRequest = z
  .strictObject({
    message: z
      .string({ error: "A message is 1 to 2,000 characters." })
      .trim()
      .min(1, { error: "A message is 1 to 2,000 characters." })
      .max(2000, { error: "A message is 1 to 2,000 characters." }),
  })
  .openapi("DisputeMessageRequest", { example: { message: "I have attached the signed order form." } });

export const ProposalAnswerRequest = z
  .strictObject({ accept: z.boolean({ error: "Say whether you accept" }) })
  .openapi("ProposalAnswerRequest", { example: { accept: true } });

export const ProposeResolutionRequest = z
  .strictObject({
    amount: amount("Enter what the business pays in total (0 up to the invoice amount).").openapi({
      description: "What the business pays in total, AUD dollars.",
      example: 500,
    }),
    note: z
      .string({ error: "Explain the resolution to both parties (at least 10 characters)." })
      .trim()
      .min(10, { error: "Explain the resolution to both parties (at least 10 characters)." })
      .max(2000, { error: "The note is at most 2,000 characters." }),
  })
  .openapi("ProposeResolutionRequest", {
    example: { amount: 500, note: "The work was half delivered; the business pays half." },
  });

export const DisputeEvidenceUpload = z
  .object({
    file: uploadedFile("PDF, JPEG or PNG (by its contents), at most 10 MB."),
  })
  .openapi("DisputeEvidenceUpload");

export const Dispute = z
  .object({
    id: z.number().int(),
    invoiceId: z.number().int(),
    partnershipId: z.number().int(),
    businessName: z.string(),
    agentName: z.string(),
    opener: DisputeSide,
    reason: DisputeReason,
    description: z.string(),
    state: DisputeState,
    invoicePaid: z
      .boolean()
      .openapi({ description: "Paid when opened: the agent's payout is held meanwhile." }),
    invoiceAmount: money("The amount in dispute (the invoice total less earlier refunds)."),
    offer: z.object({ by: DisputeSide, amount: money("What the business would pay in total.") }),
    proposal: z
      .object({
        amount: money("What the business pays in total."),
        note: z.string(),
        acceptedBy: z.array(DisputeSide),
      })
      .nullable(),
    deadline: z
      .string()
      .nullable()
      .openapi({ format: "date-time", description: "When the current step times out." }),
    awaiting: z
      .enum(["business", "agent", "staff", "both"])
      .nullable()
      .openapi({ description: "Who must act before the deadline (both: each party answers the proposal)." }),
    settledAmount: money("What the business pays in the end.").nullable(),
    outcome: DisputeOutcome.nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
    mediationStartedAt: z.string().nullable().openapi({ format: "date-time" }),
    resolvedAt: z.string().nullable().openapi({ format: "date-time" }),
    executedAt: z.string().nullable().openapi({
      format: "date-time",
      description: "When the resolution's refund, credit note or release ran (once).",
    }),
  })
  .openapi("Dispute");

export const DisputeList = z
  .object({
    items: z.array(Dispute),
    now: z.string().openapi({ format: "date-time", description: "Server time, for countdowns." }),
  })
  .openapi("DisputeList");

export const DisputeEvidence = z
  .object({
    id: z.number().int(),
    party: DisputeSide,
    fileName: z.string(),
    contentType: z.enum(["application/pdf", "image/jpeg", "image/png"]),
    size: z.number().int(),
    url: z.string().openapi({ description: "Download path (parties and staff only)." }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("DisputeEvidence");

export const DisputeTimelineEntry = z
  .object({
    id: z.number().int(),
    kind: z.string().openapi({
      description:
        "opened, message, counter_offer, accepted, rejected, escalated, mediation_started, proposed, proposal_accepted, proposal_rejected, resolved, withdrawn, evidence, settled (the money action ran).",
    }),
    actor: z.enum(["business", "agent", "staff", "system"]),
    message: z.string().nullable(),
    amount: money("The amount of an offer or proposal.").nullable(),
    evidenceId: z.number().int().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("DisputeTimelineEntry");

export const DisputeDetail = z
  .object({
    dispute: Dispute,
    viewer: z.enum(["business", "agent", "staff"]),
    timeline: z.array(DisputeTimelineEntry),
    evidence: z.array(DisputeEvidence),
    invoice: z.object({
      id: z.number().int(),
      amount: money("The invoice's current total."),
      description: z.string(),
      dueDate: z.string(),
      isPaid: z.boolean(),
      cancelled: z.boolean(),
    }),
    creditNote: z
      .object({
        amount: money("Credited."),
        originalAmount: money("The invoice total before the credit note."),
        gst: money("GST in the credit."),
      })
      .nullable()
      .openapi({ description: "The credit note of an unpaid invoice reduced by the resolution." }),
    now: z.string().openapi({ format: "date-time" }),
  })
  .openapi("DisputeDetail");
