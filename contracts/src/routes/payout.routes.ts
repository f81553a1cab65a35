/**
 * Payout routes (issue 14): the agent's payout account (onboarding, the local form, tax details),
 * the Stripe Connect webhook, earnings, the invoice's tax documents (tax invoice, the platform fee's
 * tax invoice, credit notes) and staff refunds.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { IdParam, paging } from "../common.ts";
import {
  ConnectWebhookAck,
  CreateRefundRequest,
  Earnings,
  LocalBankDetailsRequest,
  PayoutAccount,
  PayoutOnboarding,
  Refund,
  RefundList,
  StaffPaymentPage,
  TaxDetailsRequest,
} from "../payout.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import { body, file, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

const pdf = (description: string) => file(description, "application/pdf");

export const getPayoutAccount = createRoute({
  method: "get",
  path: "/api/payout-account",
  operationId: "getPayoutAccount",
  tags: ["payouts"],
  summary: "The agent's payout account, its status and tax details",
  responses: {
    200: json(PayoutAccount, "The payout account (status not_started when none)"),
    ...signedInProblems("wrong-account-type", "not-found"),
  },
});

export const startPayoutOnboarding = createRoute({
  method: "post",
  path: "/api/payout-account/onboarding",
  operationId: "startPayoutOnboarding",
  tags: ["payouts"],
  summary: "Open (once) the agent's connected account and get where to give the details",
  description:
    "Needs a confirmed email address (403 email-not-verified). Stripe: an Express account and an account_onboarding link (send the browser there). Local gateway: the account is opened and the link is /agent/payouts, where the local form is.",
  responses: {
    200: json(PayoutOnboarding, "Where to continue"),
    ...signedInWriteProblems("wrong-account-type", "email-not-verified", "not-found", "service-unavailable"),
  },
});

export const saveTaxDetails = createRoute({
  method: "put",
  path: "/api/payout-account/tax-details",
  operationId: "saveTaxDetails",
  tags: ["payouts"],
  summary: "The agent's ABN (ATO checksum) and GST registration",
  request: body(TaxDetailsRequest),
  responses: {
    200: json(PayoutAccount, "Saved"),
    ...signedInWriteProblems("wrong-account-type", "not-found"),
  },
});

export const submitLocalBankDetails = createRoute({
  method: "post",
  path: "/api/local-gateway/payout-account/bank-details",
  operationId: "submitLocalBankDetails",
  tags: ["payouts"],
  summary: "Local gateway: the simulated onboarding form (BSB and account number)",
  description:
    "Only with the local gateway; needs a confirmed email address (403 email-not-verified). BSB 000-000 with account 000123456 is verified; account 111111116 fails verification (restricted). 409 before onboarding started.",
  request: body(LocalBankDetailsRequest),
  responses: {
    200: json(PayoutAccount, "The account after verification"),
    ...signedInWriteProblems("wrong-account-type", "email-not-verified", "not-found", "payouts-not-started"),
  },
});

export const stripeConnectWebhook = createRoute({
  method: "post",
  path: "/api/stripe/connect-webhook",
  operationId: "stripeConnectWebhook",
  tags: ["payouts"],
  summary:
    "Stripe Connect webhook endpoint (account.updated); the Stripe-Signature header is its authentication",
  description:
    "Verified on the raw body with the Connect endpoint's signing secret. Each event id is applied once; an event created before the last applied one for the account is ignored (out of order).",
  responses: {
    200: json(ConnectWebhookAck, "Received"),
    ...problemResponses("invalid-webhook", "payload-too-large", "service-unavailable", ...commonProblems),
  },
});

export const getEarnings = createRoute({
  method: "get",
  path: "/api/earnings",
  operationId: "getEarnings",
  tags: ["payouts"],
  summary: "The agent's earnings by month: paid, platform fees, refunds, net, pending payout, paid out",
  responses: {
    200: json(Earnings, "Earnings, newest month first"),
    ...signedInProblems("wrong-account-type", "not-found"),
  },
});

export const getInvoiceTaxInvoicePdf = createRoute({
  method: "get",
  path: "/api/invoices/{id}/tax-invoice.pdf",
  operationId: "getInvoiceTaxInvoicePdf",
  tags: ["payouts"],
  summary: "The agent's tax invoice for a paid invoice (either party), as a PDF",
  request: { params: IdParam },
  responses: {
    200: pdf("The tax invoice"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const getFeeTaxInvoicePdf = createRoute({
  method: "get",
  path: "/api/invoices/{id}/fee-tax-invoice.pdf",
  operationId: "getFeeTaxInvoicePdf",
  tags: ["payouts"],
  summary: "The platform's tax invoice to the agent for its fee on a paid invoice, as a PDF",
  request: { params: IdParam },
  responses: {
    200: pdf("The platform fee tax invoice"),
    ...signedInProblems("wrong-account-type", "not-found", "validation-failed"),
  },
});

export const listInvoiceRefunds = createRoute({
  method: "get",
  path: "/api/invoices/{id}/refunds",
  operationId: "listInvoiceRefunds",
  tags: ["payouts"],
  summary: "Refunds of an invoice (each has a credit note)",
  request: { params: IdParam },
  responses: {
    200: json(RefundList, "Its refunds, oldest first"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const getCreditNotePdf = createRoute({
  method: "get",
  path: "/api/refunds/{id}/credit-note.pdf",
  operationId: "getCreditNotePdf",
  tags: ["payouts"],
  summary: "The credit note (adjustment note) of a refund, as a PDF",
  request: { params: IdParam },
  responses: {
    200: pdf("The credit note"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const listStaffPayments = createRoute({
  method: "get",
  path: "/api/admin/payments",
  operationId: "listStaffPayments",
  tags: ["payouts"],
  summary: "Staff: completed and refunded payments, newest first",
  request: { query: z.object(paging(100, 20)) },
  responses: {
    200: json(StaffPaymentPage, "A page of payments"),
    ...signedInProblems("forbidden", "validation-failed"),
  },
});

export const refundPayment = createRoute({
  method: "post",
  path: "/api/admin/payments/{id}/refunds",
  operationId: "refundPayment",
  tags: ["payouts"],
  summary: "Staff: refund a payment in full or in part",
  description:
    "The gateway refunds the charge, reversing the transfer to the agent and the platform fee in proportion; the payment is refunded once fully refunded and its invoice shows refunded. Audit-logged; a credit note is issued. The invoice's life cycle decides first: an invoice under dispute (in-app or card) or already refunded in full answers 409 invoice-transition and no money moves (ADR 0049).",
  request: { params: IdParam, ...body(CreateRefundRequest) },
  responses: {
    201: json(Refund, "The refund"),
    ...signedInWriteProblems(
      "forbidden",
      "not-found",
      "refund-not-allowed",
      "invoice-transition",
      "service-unavailable",
    ),
  },
});
