/**
 * Payment routes (spec §7: payment methods, GET /api/payments, POST /api/create-payment-intent;
 * issue 5: the payment config for the browser, an intent's status for /payment-confirmation, the
 * local gateway's card confirmation, and the Stripe webhook). Only the invoice's business pays it;
 * the invoice is marked paid from the gateway's event, never from the browser's word.
 */
import { createRoute } from "@hono/zod-openapi";
import { InvoicingId, InvoicingPageQuery } from "../invoice.ts";
import {
  AuthenticateLocalPaymentRequest,
  ConfirmLocalPaymentRequest,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  CreatePaymentMethodRequest,
  PaymentConfig,
  PaymentIntent,
  PaymentIntentId,
  PaymentMethod,
  PaymentMethodList,
  PaymentPage,
  WebhookAck,
} from "../payment.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const listPayments = createRoute({
  method: "get",
  path: "/api/payments",
  operationId: "listPayments",
  tags: ["payments"],
  summary: "Payment history: a business's payments, or the payments to an agent",
  description:
    "A business gets the payments it made; an agent the payments of its invoices. Empty (total 0) while the caller has no profile yet, as partnerships are.",
  request: { query: InvoicingPageQuery },
  responses: {
    200: json(PaymentPage, "A page of payments, newest first"),
    ...signedInProblems("validation-failed"),
  },
});

export const listPaymentMethods = createRoute({
  method: "get",
  path: "/api/payment-methods",
  operationId: "listPaymentMethods",
  tags: ["payments"],
  summary: "The caller's payment methods, default first",
  responses: {
    200: json(PaymentMethodList, "Payment methods"),
    ...signedInProblems(),
  },
});

export const createPaymentMethod = createRoute({
  method: "post",
  path: "/api/payment-methods",
  operationId: "createPaymentMethod",
  tags: ["payments"],
  summary: "Save a payment method (type, name, last four, expiry only)",
  request: body(CreatePaymentMethodRequest),
  responses: {
    201: json(PaymentMethod, "The saved method"),
    ...signedInWriteProblems(),
  },
});

export const deletePaymentMethod = createRoute({
  method: "delete",
  path: "/api/payment-methods/{id}",
  operationId: "deletePaymentMethod",
  tags: ["payments"],
  summary: "Delete one of the caller's payment methods",
  request: { params: InvoicingId },
  responses: {
    204: { description: "Deleted" },
    ...signedInWriteProblems("not-found"),
  },
});

export const setDefaultPaymentMethod = createRoute({
  method: "patch",
  path: "/api/payment-methods/{id}/set-default",
  operationId: "setDefaultPaymentMethod",
  tags: ["payments"],
  summary: "Make one of the caller's payment methods the default",
  request: { params: InvoicingId },
  responses: {
    200: json(PaymentMethod, "The new default"),
    ...signedInWriteProblems("not-found"),
  },
});

export const getPaymentConfig = createRoute({
  method: "get",
  path: "/api/payment-config",
  operationId: "getPaymentConfig",
  tags: ["payments"],
  summary: "Which gateway the browser talks to, and Stripe's publishable key (run-time config)",
  responses: { 200: json(PaymentConfig, "The payment config"), ...problemResponses(...commonProblems) },
});

export const createPaymentIntent = createRoute({
  method: "post",
  path: "/api/create-payment-intent",
  operationId: "createPaymentIntent",
  tags: ["payments"],
  summary: "Start (or resume) paying an invoice: the PaymentIntent's client secret",
  description:
    "Only the invoice's business. A pending attempt is reused (same intent for a double click or a second tab); after a decline a new attempt opens. One idempotency key per invoice attempt. An invoice under dispute, or cancelled by a dispute's resolution, answers 409 invoice-disputed (ADR 0018).",
  request: body(CreatePaymentIntentRequest),
  responses: {
    200: json(CreatePaymentIntentResponse, "The intent to confirm"),
    ...signedInWriteProblems(
      "wrong-account-type",
      "not-found",
      "invoice-paid",
      "invoice-disputed",
      "payment-in-progress",
      "service-unavailable",
    ),
  },
});

export const getPaymentIntent = createRoute({
  method: "get",
  path: "/api/payment-intents/{id}",
  operationId: "getPaymentIntent",
  tags: ["payments"],
  summary: "An intent's status as the gateway reports it (spec §2.7 confirmation page)",
  description: "Applies what the gateway reports first, so a missed event is recovered here.",
  request: { params: PaymentIntentId },
  responses: {
    200: json(PaymentIntent, "The intent"),
    ...signedInProblems("not-found", "validation-failed", "service-unavailable"),
  },
});

export const confirmLocalPayment = createRoute({
  method: "post",
  path: "/api/local-gateway/payment-intents/{id}/confirm",
  operationId: "confirmLocalPayment",
  tags: ["payments"],
  summary: "Local gateway: confirm an intent with a test card (what Stripe.js does for Stripe)",
  description:
    "Only with the local gateway (404 with Stripe). 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 requires authentication.",
  request: { params: PaymentIntentId, ...body(ConfirmLocalPaymentRequest) },
  responses: {
    200: json(
      PaymentIntent,
      "The intent after confirmation (a decline is status requires_payment_method with lastPaymentError)",
    ),
    ...signedInWriteProblems("not-found", "payment-intent-state", "service-unavailable"),
  },
});

export const authenticateLocalPayment = createRoute({
  method: "post",
  path: "/api/local-gateway/payment-intents/{id}/authenticate",
  operationId: "authenticateLocalPayment",
  tags: ["payments"],
  summary: "Local gateway: complete or fail the extra authentication step",
  request: { params: PaymentIntentId, ...body(AuthenticateLocalPaymentRequest) },
  responses: {
    200: json(PaymentIntent, "The intent after authentication"),
    ...signedInWriteProblems("not-found", "payment-intent-state", "service-unavailable"),
  },
});

export const stripeWebhook = createRoute({
  method: "post",
  path: "/api/stripe/webhook",
  operationId: "stripeWebhook",
  tags: ["payments"],
  summary: "Stripe webhook endpoint (server to server; the Stripe-Signature header is its authentication)",
  description:
    "The raw body is verified with the endpoint's signing secret; each event id is applied once, in the same transaction as the change. A missing, wrong or stale signature answers 400 and changes nothing.",
  responses: {
    200: json(WebhookAck, "Received"),
    ...problemResponses("invalid-webhook", "payload-too-large", "service-unavailable", ...commonProblems),
  },
});
