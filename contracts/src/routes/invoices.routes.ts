/**
 * Invoice routes (spec §7: GET /api/invoices, GET /api/invoices/{id}, POST /api/invoices,
 * GET /api/invoices/{id}/payments; issue 5: the agent's monthly commission). An agent sees only
 * their own invoices; a business only those addressed to it; anyone else's answers 404.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  CommissionSummary,
  CreateInvoiceRequest,
  Invoice,
  InvoicePage,
  InvoicingId,
  InvoicingPageQuery,
} from "../invoice.ts";
import { PaymentList } from "../payment.ts";
import { json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const listInvoices = createRoute({
  method: "get",
  path: "/api/invoices",
  operationId: "listInvoices",
  tags: ["invoices"],
  summary: "The caller's invoices, newest first",
  description:
    "An agent gets the invoices they raised; a business gets the invoices addressed to it. Empty (total 0) while the caller has no profile yet, as partnerships are.",
  request: { query: InvoicingPageQuery },
  responses: {
    200: json(InvoicePage, "A page of invoices"),
    ...signedInProblems("validation-failed"),
  },
});

export const createInvoice = createRoute({
  method: "post",
  path: "/api/invoices",
  operationId: "createInvoice",
  tags: ["invoices"],
  summary: "Raise an invoice on an active partnership (agents)",
  description:
    "The partnership must be the calling agent's, belong to `businessId` and be active (spec §5, §6). `dueDate` defaults to 30 days ahead. Issue 14: the agent needs an enabled payout account (403 payouts-required); `amount` is GST-exclusive for a GST-registered agent (10 % GST is added on top).",
  request: { body: { required: true, content: { "application/json": { schema: CreateInvoiceRequest } } } },
  responses: {
    201: json(Invoice, "The new invoice"),
    ...signedInWriteProblems("wrong-account-type", "not-found", "payouts-required"),
  },
});

export const getCommissionSummary = createRoute({
  method: "get",
  path: "/api/invoice-summary",
  operationId: "getCommissionSummary",
  tags: ["invoices"],
  summary: "The agent's paid invoices this month (Monthly Commission)",
  responses: {
    200: json(CommissionSummary, "This month's paid total"),
    ...signedInProblems("wrong-account-type", "not-found"),
  },
});

export const getInvoice = createRoute({
  method: "get",
  path: "/api/invoices/{id}",
  operationId: "getInvoice",
  tags: ["invoices"],
  summary: "One invoice the caller is a party to",
  request: { params: InvoicingId },
  responses: {
    200: json(Invoice, "The invoice"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const listInvoicePayments = createRoute({
  method: "get",
  path: "/api/invoices/{id}/payments",
  operationId: "listInvoicePayments",
  tags: ["invoices"],
  summary: "Payments of one invoice (spec §2.9 Payment Details)",
  request: { params: InvoicingId },
  responses: {
    200: json(PaymentList, "Its payments, newest first"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});
