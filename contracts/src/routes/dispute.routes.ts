/**
 * Dispute routes (issue 17, ADR 0018): open a dispute on an invoice, negotiate (accept, counter,
 * reject), messages and evidence, staff mediation (queue, proposal), answers to the proposal and
 * withdrawal. Only the invoice's two parties and staff see a dispute or its evidence; anyone else
 * gets 404.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { IdParam } from "../common.ts";
import {
  DisputeDetail,
  DisputeEvidence,
  DisputeEvidenceUpload,
  DisputeList,
  DisputeMessageRequest,
  Dispute as DisputeSchema,
  OpenDisputeRequest,
  ProposalAnswerRequest,
  ProposeResolutionRequest,
  RespondDisputeRequest,
} from "../dispute.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import { body, file, json, signedInProblems, signedInWriteProblems, writeProblems } from "./route-helpers.ts";

const stepProblems = [
  "unauthenticated",
  "not-found",
  "dispute-transition",
  ...writeProblems,
  ...commonProblems,
] as const;

export const listMyDisputes = createRoute({
  method: "get",
  path: "/api/disputes",
  operationId: "listMyDisputes",
  tags: ["disputes"],
  summary: "The caller's disputes (as business or agent), newest first",
  description:
    "Every dispute on an invoice of the caller's profile, with its state and current deadline, and the server time for countdowns.",
  responses: {
    200: json(DisputeList, "The caller's disputes"),
    ...signedInProblems("not-found"),
  },
});

export const listInvoiceDisputes = createRoute({
  method: "get",
  path: "/api/invoices/{id}/disputes",
  operationId: "listInvoiceDisputes",
  tags: ["disputes"],
  summary: "Disputes of one invoice, newest first",
  description: "For the invoice's two parties; anyone else gets 404.",
  request: { params: IdParam },
  responses: {
    200: json(
      z.object({ items: z.array(DisputeSchema) }).openapi("InvoiceDisputeList"),
      "The invoice's disputes",
    ),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const openDispute = createRoute({
  method: "post",
  path: "/api/invoices/{id}/disputes",
  operationId: "openDispute",
  tags: ["disputes"],
  summary: "Open a dispute on an invoice",
  description:
    "Either party. Unpaid invoices take amount_not_owed or work_not_done; paid ones charged_in_error or services_not_delivered (422 otherwise). The other party has 7 days (to the end of a Sydney business day) to accept, counter-offer or reject. An unpaid invoice cannot be paid meanwhile (409 invoice-disputed on create-payment-intent); a paid one holds the agent's payout. One active dispute per invoice (409 dispute-open); a cancelled or fully refunded invoice, or one under a card dispute, answers 409 invoice-transition (ADR 0049).",
  request: { params: IdParam, ...body(OpenDisputeRequest) },
  responses: {
    201: json(DisputeSchema, "The dispute"),
    ...signedInWriteProblems("not-found", "dispute-open", "invoice-transition"),
  },
});

export const getDispute = createRoute({
  method: "get",
  path: "/api/disputes/{id}",
  operationId: "getDispute",
  tags: ["disputes"],
  summary: "A dispute with its timeline, evidence and invoice",
  description: "For the invoice's two parties and staff; anyone else gets 404.",
  request: { params: IdParam },
  responses: {
    200: json(DisputeDetail, "The dispute"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const respondToDispute = createRoute({
  method: "post",
  path: "/api/disputes/{id}/responses",
  operationId: "respondToDispute",
  tags: ["disputes"],
  summary: "Accept, counter-offer or reject the offer on the table",
  description:
    "The party the offer waits on. accept resolves at the offer (the money moves once); counter gives the other party 7 days; reject sends the dispute to staff mediation. After the deadline the dispute is already with mediation (409 dispute-transition).",
  request: { params: IdParam, ...body(RespondDisputeRequest) },
  responses: {
    200: json(DisputeSchema, "The dispute after the answer"),
    ...problemResponses(...stepProblems),
  },
});

export const withdrawDispute = createRoute({
  method: "post",
  path: "/api/disputes/{id}/withdraw",
  operationId: "withdrawDispute",
  tags: ["disputes"],
  summary: "Withdraw a dispute (the opener, before it is resolved)",
  description: "The invoice stands as issued: it can be paid again, or a held payout is released.",
  request: { params: IdParam },
  responses: { 200: json(DisputeSchema, "The withdrawn dispute"), ...problemResponses(...stepProblems) },
});

export const postDisputeMessage = createRoute({
  method: "post",
  path: "/api/disputes/{id}/messages",
  operationId: "postDisputeMessage",
  tags: ["disputes"],
  summary: "Add a message to the dispute's timeline",
  description: "Either party or staff, while the dispute is not finished. Both parties are emailed.",
  request: { params: IdParam, ...body(DisputeMessageRequest) },
  responses: { 204: { description: "Added" }, ...problemResponses(...stepProblems) },
});

export const addDisputeEvidence = createRoute({
  method: "post",
  path: "/api/disputes/{id}/evidence",
  operationId: "addDisputeEvidence",
  tags: ["disputes"],
  summary: "Attach an evidence file (multipart/form-data, field `file`)",
  description:
    "Either party. PDF, JPEG or PNG decided from the file's contents (magic bytes), at most 10 MB, at most 10 files per party (422 validation-failed naming `file`).",
  request: {
    params: IdParam,
    body: { required: true, content: { "multipart/form-data": { schema: DisputeEvidenceUpload } } },
  },
  responses: { 201: json(DisputeEvidence, "The stored evidence"), ...problemResponses(...stepProblems) },
});

export const getDisputeEvidenceFile = createRoute({
  method: "get",
  path: "/api/dispute-evidence/{id}",
  operationId: "getDisputeEvidenceFile",
  tags: ["disputes"],
  summary: "Download an evidence file",
  description:
    "For the dispute's two parties and staff; anyone else gets 404. Served as an attachment with nosniff.",
  request: { params: IdParam },
  responses: {
    200: file("The file", "application/pdf", "image/jpeg", "image/png"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const answerProposal = createRoute({
  method: "post",
  path: "/api/disputes/{id}/proposal-answers",
  operationId: "answerDisputeProposal",
  tags: ["disputes"],
  summary: "Accept or reject staff's proposed resolution",
  description:
    "Each party within 2 days; silence is acceptance. When both have accepted the dispute resolves and the refund, credit note or release runs exactly once; a rejection returns it to mediation.",
  request: { params: IdParam, ...body(ProposalAnswerRequest) },
  responses: {
    200: json(DisputeSchema, "The dispute after the answer"),
    ...problemResponses(...stepProblems),
  },
});

export const listMediationQueue = createRoute({
  method: "get",
  path: "/api/admin/disputes",
  operationId: "listMediationQueue",
  tags: ["disputes"],
  summary: "Staff: disputes in mediation or awaiting answers to a proposal, oldest first",
  description: "Role admin (403 forbidden otherwise).",
  responses: {
    200: json(DisputeList, "The mediation queue"),
    ...signedInProblems("forbidden", "not-found"),
  },
});

export const proposeResolution = createRoute({
  method: "post",
  path: "/api/admin/disputes/{id}/proposal",
  operationId: "proposeDisputeResolution",
  tags: ["disputes"],
  summary: "Staff: propose a resolution (audit-logged)",
  description:
    "Role admin. The amount the business pays in total (0 cancels an unpaid invoice or refunds a paid one in full) with a note to both parties, who then have 2 days to answer.",
  request: { params: IdParam, ...body(ProposeResolutionRequest) },
  responses: {
    200: json(DisputeSchema, "The dispute with its proposal"),
    ...problemResponses("forbidden", ...stepProblems),
  },
});

export const getDisputeCreditNotePdf = createRoute({
  method: "get",
  path: "/api/disputes/{id}/credit-note.pdf",
  operationId: "getDisputeCreditNotePdf",
  tags: ["disputes"],
  summary: "The credit note of an unpaid invoice reduced by the dispute's resolution, as a PDF",
  description:
    "For the dispute's two parties and staff; 404 when the dispute reduced nothing (refunds of paid invoices have their own credit notes at /api/refunds/{id}/credit-note.pdf).",
  request: { params: IdParam },
  responses: {
    200: file("The credit note", "application/pdf"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});
