/**
 * Deal registration, customers and sales routes (issue 43 part A, ADR 0062). An agent registers
 * the customer it brings under an active partnership; the business approves (protection), rejects,
 * renews and marks won; either marks lost. The business keeps its own customer list and house
 * accounts. Sales are reported by the business (form, API with Idempotency-Key, CSV import) or by
 * the agent (then confirmed or disputed by the business, or confirmed by the clock). Only the
 * partnership's two parties see a deal or a sale; anyone else gets 404.
 */
import { createRoute } from "@hono/zod-openapi";
import { IdParam } from "../common.ts";
import {
  ApproveDealRequest,
  CreateCustomerRequest,
  Customer,
  CustomerPage,
  DealListQuery,
  DealPage,
  DealProof,
  DealProofUpload,
  Deal as DealSchema,
  DisputeSaleRequest,
  ImportSalesQuery,
  RefundSaleRequest,
  RegisterDealRequest,
  RejectDealRequest,
  RenewDealRequest,
  ReportSaleRequest,
  SaleImport,
  SaleListQuery,
  SalePage,
  Sale as SaleSchema,
} from "../deal.ts";
import { InvoicingPageQuery } from "../invoice.ts";
import { body, file, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const registerDeal = createRoute({
  method: "post",
  path: "/api/deals",
  operationId: "registerDeal",
  tags: ["deals"],
  summary: "Register a customer under an active partnership (agents)",
  description:
    'The conflict check runs first, against the business\'s customers, its house accounts and every registration that holds a customer (submitted, approved and protected, or won), by ABN, website domain and near-identical name. A match answers 409 customer-already-registered — "This customer is already registered" and nothing more — and stores nothing. Of two registrations of one customer at the same moment, one is stored.',
  request: body(RegisterDealRequest),
  responses: {
    201: json(DealSchema, "The submitted deal"),
    ...signedInWriteProblems("not-found", "customer-already-registered"),
  },
});

export const listDeals = createRoute({
  method: "get",
  path: "/api/deals",
  operationId: "listDeals",
  tags: ["deals"],
  summary:
    "The caller's deals (an agent's registrations, or those under a business's partnerships), newest first",
  description: "Filter by state and partnership. Empty (total 0) while the caller has no profile.",
  request: { query: DealListQuery },
  responses: {
    200: json(DealPage, "A page of deals"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const getDeal = createRoute({
  method: "get",
  path: "/api/deals/{id}",
  operationId: "getDeal",
  tags: ["deals"],
  summary: "One deal with its customer and proof files",
  description: "For the partnership's two parties; anyone else gets 404.",
  request: { params: IdParam },
  responses: {
    200: json(DealSchema, "The deal"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

const stepProblems = signedInWriteProblems("not-found", "deal-transition");

export const approveDeal = createRoute({
  method: "post",
  path: "/api/deals/{id}/approve",
  operationId: "approveDeal",
  tags: ["deals"],
  summary: "Approve a submitted deal (the business): protected for some days",
  description:
    "Protected through the last of protectionDays Sydney days from today (default the agreement's, 90). Sales can then be reported against it.",
  request: { params: IdParam, ...body(ApproveDealRequest) },
  responses: { 200: json(DealSchema, "The approved deal"), ...stepProblems },
});

export const rejectDeal = createRoute({
  method: "post",
  path: "/api/deals/{id}/reject",
  operationId: "rejectDeal",
  tags: ["deals"],
  summary: "Reject a submitted deal (the business), with a reason",
  description: "already_customer, house_account, registered_by_another, or other with the business's words.",
  request: { params: IdParam, ...body(RejectDealRequest) },
  responses: { 200: json(DealSchema, "The rejected deal"), ...stepProblems },
});

export const renewDeal = createRoute({
  method: "post",
  path: "/api/deals/{id}/renew",
  operationId: "renewDeal",
  tags: ["deals"],
  summary: "Extend an approved deal's protection (the business)",
  description:
    "Adds days from the later of today and the current end (default the agreement's protection, 90).",
  request: { params: IdParam, ...body(RenewDealRequest) },
  responses: { 200: json(DealSchema, "The deal with its new end of protection"), ...stepProblems },
});

export const markDealWon = createRoute({
  method: "post",
  path: "/api/deals/{id}/won",
  operationId: "markDealWon",
  tags: ["deals"],
  summary: "Mark an approved, protected deal won (the business)",
  description: "A won deal keeps its customer for the agent and carries sales.",
  request: { params: IdParam },
  responses: { 200: json(DealSchema, "The won deal"), ...stepProblems },
});

export const markDealLost = createRoute({
  method: "post",
  path: "/api/deals/{id}/lost",
  operationId: "markDealLost",
  tags: ["deals"],
  summary: "Mark an approved deal lost (either party)",
  description: "The customer is free to register again.",
  request: { params: IdParam },
  responses: { 200: json(DealSchema, "The lost deal"), ...stepProblems },
});

export const addDealProof = createRoute({
  method: "post",
  path: "/api/deals/{id}/proofs",
  operationId: "addDealProof",
  tags: ["deals"],
  summary: "Attach a proof file to a deal (the agent; multipart/form-data, field `file`)",
  description:
    "PDF, JPEG or PNG decided from the file's contents (magic bytes), at most 10 MB, at most 3 per deal (422 validation-failed naming `file`).",
  request: {
    params: IdParam,
    body: { required: true, content: { "multipart/form-data": { schema: DealProofUpload } } },
  },
  responses: { 201: json(DealProof, "The stored proof"), ...signedInWriteProblems("not-found") },
});

export const getDealProofFile = createRoute({
  method: "get",
  path: "/api/deal-proofs/{id}",
  operationId: "getDealProofFile",
  tags: ["deals"],
  summary: "Download a deal's proof file",
  description: "For the deal's two parties; anyone else gets 404. Served as an attachment with nosniff.",
  request: { params: IdParam },
  responses: {
    200: file("The file", "application/pdf", "image/jpeg", "image/png"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const listCustomers = createRoute({
  method: "get",
  path: "/api/customers",
  operationId: "listCustomers",
  tags: ["deals"],
  summary: "The business's own customers and house accounts, by name",
  description: "Registrations are compared with these. An agent gets an empty list.",
  request: { query: InvoicingPageQuery },
  responses: {
    200: json(CustomerPage, "A page of customers"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const createCustomer = createRoute({
  method: "post",
  path: "/api/customers",
  operationId: "createCustomer",
  tags: ["deals"],
  summary: "Add a customer or a house account to the business's list",
  description:
    "A house account is the business's own: no commission on it, and no agent can register it (part of the agreement's terms, for every partnership of the business). Agents get 404.",
  request: body(CreateCustomerRequest),
  responses: {
    201: json(Customer, "The stored customer"),
    ...signedInWriteProblems("not-found"),
  },
});

export const removeCustomer = createRoute({
  method: "delete",
  path: "/api/customers/{id}",
  operationId: "removeCustomer",
  tags: ["deals"],
  summary: "Remove a customer or house account from the business's list",
  description: "Agents may then register it. Another business's customer, or an agent, gets 404.",
  request: { params: IdParam },
  responses: { 204: { description: "Removed" }, ...signedInWriteProblems("not-found") },
});

export const reportSale = createRoute({
  method: "post",
  path: "/api/sales",
  operationId: "reportSale",
  tags: ["sales"],
  summary: "Report a sale against a won or protected deal (business: confirmed; agent: waits)",
  description:
    "The business's sale (session: form; API key: api) is confirmed at once and counts for commission. The agent's waits for the business to confirm or dispute it; unanswered when the agreement's confirmation window ends (7 days by default, to the start of the next business day) it counts as confirmed, and both are told 48 hours before. Send an Idempotency-Key to retry safely; externalRef is unique per partnership (409 sale-duplicate).",
  request: body(ReportSaleRequest),
  responses: {
    201: json(SaleSchema, "The stored sale"),
    ...signedInWriteProblems("not-found", "sale-duplicate"),
  },
});

export const getSale = createRoute({
  method: "get",
  path: "/api/sales/{id}",
  operationId: "getSale",
  tags: ["sales"],
  summary: "One sale",
  description: "For the partnership's two parties; anyone else gets 404.",
  request: { params: IdParam },
  responses: { 200: json(SaleSchema, "The sale"), ...signedInProblems("not-found", "validation-failed") },
});

export const listPartnershipSales = createRoute({
  method: "get",
  path: "/api/partnerships/{id}/sales",
  operationId: "listPartnershipSales",
  tags: ["sales"],
  summary: "Sales of a partnership, newest sale date first",
  description: "For the partnership's two parties; anyone else gets 404.",
  request: { params: IdParam, query: SaleListQuery },
  responses: {
    200: json(SalePage, "A page of sales"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const importSales = createRoute({
  method: "post",
  path: "/api/partnerships/{id}/sales/import",
  operationId: "importSales",
  tags: ["sales"],
  summary: "Import sales from a CSV file (the business): text/csv, or multipart/form-data field `file`",
  description:
    "Header row with columns date, amount (AUD ex-GST) and deal (its id) or customer (ABN or name), optional kind (one_off, recurring_monthly) and reference; at most 20,000 rows. Every bad row is named by row and column. A file with errors stores nothing — the answer is a dry run — unless importValidRows=true, which stores the valid rows. Stored sales are confirmed. A reference already recorded answers 409 sale-duplicate (nothing stored).",
  request: {
    params: IdParam,
    query: ImportSalesQuery,
    body: {
      required: true,
      content: {
        "text/csv": { schema: { type: "string", description: "The CSV file, UTF-8." } },
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { file: { type: "string", format: "binary", description: "The CSV file, UTF-8." } },
            required: ["file"],
          },
        },
      },
    },
  },
  responses: {
    200: json(SaleImport, "What was read, what was stored, and every problem by row and column"),
    ...signedInWriteProblems("not-found", "sale-duplicate"),
  },
});

const saleStepProblems = signedInWriteProblems("not-found", "sale-transition");

export const confirmSale = createRoute({
  method: "post",
  path: "/api/sales/{id}/confirm",
  operationId: "confirmSale",
  tags: ["sales"],
  summary: "Confirm an agent-reported (or disputed) sale (the business)",
  description: "The sale then counts for commission.",
  request: { params: IdParam },
  responses: { 200: json(SaleSchema, "The confirmed sale"), ...saleStepProblems },
});

export const disputeSale = createRoute({
  method: "post",
  path: "/api/sales/{id}/dispute",
  operationId: "disputeSale",
  tags: ["sales"],
  summary: "Dispute an agent-reported sale (the business), with its reason",
  description:
    "Only before the confirmation window ends (409 sale-transition after: it counts as confirmed).",
  request: { params: IdParam, ...body(DisputeSaleRequest) },
  responses: { 200: json(SaleSchema, "The disputed sale"), ...saleStepProblems },
});

export const refundSale = createRoute({
  method: "post",
  path: "/api/sales/{id}/refunds",
  operationId: "refundSale",
  tags: ["sales"],
  summary: "Record a refund of a confirmed sale (the business), in part or whole",
  description: "At most what is left of the sale; the commission on it is clawed back.",
  request: { params: IdParam, ...body(RefundSaleRequest) },
  responses: { 200: json(SaleSchema, "The sale after the refund"), ...saleStepProblems },
});
