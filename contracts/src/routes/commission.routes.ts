/**
 * Commission ledger routes (issue 43, ADR 0063): a partnership's lines and monthly statements for
 * both parties (and staff); anyone else gets 404. The agent flags a line (a dispute on the invoice
 * that took it); the payable lines become one invoice with one press — a recipient-created tax
 * invoice issued by the business under the RCTI rule (ATO LI 2023/20), else the agent's invoice.
 */
import { createRoute } from "@hono/zod-openapi";
import { PartnershipIdParam } from "../agreement.ts";
import {
  CommissionInvoiceDraft,
  CommissionInvoiceIssued,
  CommissionLinePage,
  CommissionLineParams,
  CommissionLineQuery,
  CommissionStatement,
  CommissionStatementPage,
  CommissionStatementsQuery,
  StatementMonthParams,
} from "../commission.ts";
import { IdParam } from "../common.ts";
import { Dispute, OpenDisputeRequest } from "../dispute.ts";
import { body, file, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

const tags = ["commission"];

export const listCommissionLines = createRoute({
  method: "get",
  path: "/api/partnerships/{partnershipId}/commission/lines",
  operationId: "listCommissionLines",
  tags,
  summary: "The partnership's commission lines, newest earned first",
  description:
    "For both parties and staff (404 otherwise). Filter by `state` and by the Sydney month a line was earned in (`month`).",
  request: { params: PartnershipIdParam, query: CommissionLineQuery },
  responses: {
    200: json(CommissionLinePage, "A page of lines"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const listCommissionStatements = createRoute({
  method: "get",
  path: "/api/partnerships/{partnershipId}/commission/statements",
  operationId: "listCommissionStatements",
  tags,
  summary: "The partnership's monthly statements, newest month first",
  description:
    "One per Sydney calendar month with a sale or a line step (earned, payable, invoiced, paid). For both parties and staff (404 otherwise).",
  request: { params: PartnershipIdParam, query: CommissionStatementsQuery },
  responses: {
    200: json(CommissionStatementPage, "A page of statements"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const getCommissionStatement = createRoute({
  method: "get",
  path: "/api/partnerships/{partnershipId}/commission/statements/{month}",
  operationId: "getCommissionStatement",
  tags,
  summary: "One month's commission statement",
  description:
    "Opening balance, sales, lines by model, clawbacks, payable, invoiced, paid and closing balance, computed from the ledger (a month without activity answers zeros). For both parties and staff (404 otherwise).",
  request: { params: StatementMonthParams },
  responses: {
    200: json(CommissionStatement, "The statement"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const getCommissionStatementPdf = createRoute({
  method: "get",
  path: "/api/partnerships/{partnershipId}/commission/statements/{month}/statement.pdf",
  operationId: "getCommissionStatementPdf",
  tags,
  summary: "One month's commission statement as a PDF",
  description:
    "The same figures as the JSON statement, in the tax invoice's layout. For both parties and staff.",
  request: { params: StatementMonthParams },
  responses: {
    200: file("The statement", "application/pdf"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const flagCommissionLine = createRoute({
  method: "post",
  path: "/api/partnerships/{partnershipId}/commission/lines/{lineId}/flag",
  operationId: "flagCommissionLine",
  tags,
  summary: "Flag a commission line (agents): open a dispute on the invoice that took it",
  description:
    "The dispute flow of /api/invoices/{id}/disputes on the line's invoice, its description naming the line (reasons as there: unpaid invoices amount_not_owed or work_not_done, paid ones charged_in_error or services_not_delivered). A line not yet invoiced answers 409 commission-line-not-invoiced.",
  request: { params: CommissionLineParams, ...body(OpenDisputeRequest) },
  responses: {
    201: json(Dispute, "The dispute"),
    ...signedInWriteProblems(
      "wrong-account-type",
      "not-found",
      "commission-line-not-invoiced",
      "dispute-open",
      "invoice-transition",
    ),
  },
});

export const getCommissionInvoiceDraft = createRoute({
  method: "get",
  path: "/api/partnerships/{partnershipId}/commission/invoice-draft",
  operationId: "getCommissionInvoiceDraft",
  tags,
  summary: "The invoice the payable lines would make now",
  description:
    "Every payable line (clawbacks net against them), the subtotal, GST and total, and who issues it: the business as a recipient-created tax invoice when both parties are GST-registered and the agreement has the RCTI clause, else the agent. 409 nothing-payable when the lines net to $0.00 or less.",
  request: { params: PartnershipIdParam },
  responses: {
    200: json(CommissionInvoiceDraft, "The draft"),
    ...signedInProblems("not-found", "nothing-payable", "validation-failed"),
  },
});

export const issueCommissionInvoice = createRoute({
  method: "post",
  path: "/api/partnerships/{partnershipId}/commission/invoice",
  operationId: "issueCommissionInvoice",
  tags,
  summary: "Issue the invoice of the payable lines (one press)",
  description:
    "Under the RCTI rule the business issues a recipient-created tax invoice (ATO LI 2023/20; due after the agreement's payment terms); otherwise the agent's invoice is raised as POST /api/invoices does (payouts enabled, an active partnership). The lines become invoiced under the ledger lock, so a second press answers 409 nothing-payable. The wrong party answers 403 commission-invoice-issuer.",
  request: { params: PartnershipIdParam },
  responses: {
    201: json(CommissionInvoiceIssued, "The invoice and the lines it took"),
    ...signedInWriteProblems(
      "not-found",
      "commission-invoice-issuer",
      "nothing-payable",
      "wrong-account-type",
      "payouts-required",
    ),
  },
});

export const getRecipientCreatedInvoicePdf = createRoute({
  method: "get",
  path: "/api/invoices/{id}/rcti.pdf",
  operationId: "getRecipientCreatedInvoicePdf",
  tags,
  summary: "A recipient-created tax invoice as a PDF (either party)",
  description:
    "The business's RCTI of the agent's commission, headed with the ATO's words and carrying the written agreement statement (LI 2023/20). 404 for an invoice that is not an RCTI or not the caller's.",
  request: { params: IdParam },
  responses: {
    200: file("The recipient-created tax invoice", "application/pdf"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});
