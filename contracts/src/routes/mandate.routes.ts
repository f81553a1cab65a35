/**
 * Payment mandate and collection routes (issue 45, ADR 0064): the business starts a mandate for a
 * partnership (BECS Direct Debit or a card for off-session use), lists, reads and revokes its
 * mandates; both parties read an invoice's collection schedule; anyone reads the Direct Debit
 * Request text. Another party's mandate or invoice answers 404.
 */
import { createRoute } from "@hono/zod-openapi";
import { IdParam, pageSchema } from "../common.ts";
import {
  DirectDebitRequest,
  InvoiceCollection,
  Mandate,
  StartedMandate,
  StartMandateRequest,
} from "../mandate.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const getDirectDebitRequest = createRoute({
  method: "get",
  path: "/api/mandates/direct-debit-request",
  operationId: "getDirectDebitRequest",
  tags: ["payments"],
  summary: "The BECS Direct Debit Request text and its version (public)",
  description:
    "The one source of the text shown before a business accepts a BECS mandate; its version is sent back when starting the mandate.",
  responses: {
    200: json(DirectDebitRequest, "The current Direct Debit Request"),
    ...problemResponses(...commonProblems),
  },
});

export const startMandate = createRoute({
  method: "post",
  path: "/api/partnerships/{id}/mandates",
  operationId: "startMandate",
  tags: ["payments"],
  summary: "Business: authorise Closr to collect this partnership's invoices on their due dates",
  description:
    "BECS (`au_becs_debit`): BSB, account number and the accepted directDebitRequestVersion; the mandate is confirmed on the server with the payer's IP and user agent (Stripe mandate_data) and becomes active when the gateway confirms it (at once on the local gateway, by `setup_intent.succeeded` on Stripe). Card: on the local gateway a test cardNumber; on Stripe the answer's clientSecret is confirmed by Stripe.js (SetupIntent, usage off_session). One pending or active mandate per partnership (409 mandate-exists). An agent gets 403; another business's partnership 404.",
  request: { params: IdParam, ...body(StartMandateRequest) },
  responses: {
    201: json(StartedMandate, "The new mandate and what the browser does next"),
    ...signedInWriteProblems("wrong-account-type", "not-found", "mandate-exists", "service-unavailable"),
  },
});

export const listMandates = createRoute({
  method: "get",
  path: "/api/mandates",
  operationId: "listMandates",
  tags: ["payments"],
  summary: "The business's payment mandates, newest first (empty for an agent)",
  responses: {
    200: json(pageSchema(Mandate, "MandateList"), "The caller's mandates"),
    ...signedInProblems(),
  },
});

export const getMandate = createRoute({
  method: "get",
  path: "/api/mandates/{id}",
  operationId: "getMandate",
  tags: ["payments"],
  summary: "One of the business's payment mandates",
  request: { params: IdParam },
  responses: {
    200: json(Mandate, "The mandate"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const revokeMandate = createRoute({
  method: "post",
  path: "/api/mandates/{id}/revoke",
  operationId: "revokeMandate",
  tags: ["payments"],
  summary: "Business: revoke a mandate (at any time; the agent is told)",
  description:
    "Pending, active or inactive → revoked; collection stops for invoices not yet charged. A revoked mandate answers 409 mandate-transition.",
  request: { params: IdParam },
  responses: {
    200: json(Mandate, "The revoked mandate"),
    ...signedInWriteProblems("not-found", "mandate-transition"),
  },
});

export const getInvoiceCollection = createRoute({
  method: "get",
  path: "/api/invoices/{id}/collection",
  operationId: "getInvoiceCollection",
  tags: ["invoices"],
  summary:
    "The invoice's automatic collection: scheduled for, processing, paid, or failed with the retry date",
  description: "For the invoice's two parties; anyone else gets 404.",
  request: { params: IdParam },
  responses: {
    200: json(InvoiceCollection, "The collection schedule"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});
