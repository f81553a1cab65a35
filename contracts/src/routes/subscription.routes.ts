/**
 * Subscription routes (spec §2.6, §7 POST /api/get-or-create-subscription, §9; issue 13): the plan
 * catalogue (public), checkout, Settings → Billing (status, cancel / resume, change plan, invoices
 * and their tax invoice PDFs), the local gateway's card confirmation, and its development clock.
 */
import { createRoute } from "@hono/zod-openapi";
import { InvoicingId, InvoicingPageQuery } from "../invoice.ts";
import {
  AuthenticateLocalPaymentRequest,
  ConfirmLocalPaymentRequest,
  PaymentIntent,
  PaymentIntentId,
} from "../payment.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import {
  AdvanceBillingClockRequest,
  Billing,
  BillingClock,
  CardSetup,
  CardSetupId,
  ChangePlanRequest,
  GetOrCreateSubscriptionRequest,
  GetOrCreateSubscriptionResponse,
  PlanCatalogue,
  SubscriptionInvoicePage,
} from "../subscription.ts";
import { body, file, json, signedInProblems, signedInWriteProblems, writeProblems } from "./route-helpers.ts";

export const listPlans = createRoute({
  method: "get",
  path: "/api/plans",
  operationId: "listPlans",
  tags: ["subscriptions"],
  summary: "Plans for businesses and agents, with their entitlements",
  responses: {
    200: { description: "The plan catalogue", content: { "application/json": { schema: PlanCatalogue } } },
    ...problemResponses(...commonProblems),
  },
});

export const getOrCreateSubscription = createRoute({
  method: "post",
  path: "/api/get-or-create-subscription",
  operationId: "getOrCreateSubscription",
  tags: ["subscriptions"],
  summary: "Start (or resume) the checkout of a paid plan; answers isActive when already subscribed",
  description:
    "planId is a §9 price identifier of the caller's side. A second call while the first is incomplete returns the same client secret; parallel calls create one subscription.",
  request: body(GetOrCreateSubscriptionRequest),
  responses: {
    200: json(GetOrCreateSubscriptionResponse, "The subscription and the client secret of its first invoice"),
    ...signedInWriteProblems("subscription-pending", "service-unavailable"),
  },
});

export const getBilling = createRoute({
  method: "get",
  path: "/api/subscription",
  operationId: "getBilling",
  tags: ["subscriptions"],
  summary: "The caller's subscription, entitlements and next renewal (Settings → Billing, sidebar)",
  responses: {
    200: json(Billing, "Billing"),
    ...signedInProblems(),
  },
});

const changeResponses = {
  200: json(Billing, "Billing after the change"),
  ...signedInWriteProblems("not-found", "subscription-state", "service-unavailable"),
};

export const cancelSubscription = createRoute({
  method: "post",
  path: "/api/subscription/cancel",
  operationId: "cancelSubscription",
  tags: ["subscriptions"],
  summary: "Cancel at the end of the current period",
  responses: changeResponses,
});

export const resumeSubscription = createRoute({
  method: "post",
  path: "/api/subscription/resume",
  operationId: "resumeSubscription",
  tags: ["subscriptions"],
  summary: "Undo a cancellation at period end",
  responses: changeResponses,
});

export const changeSubscriptionPlan = createRoute({
  method: "post",
  path: "/api/subscription/change-plan",
  operationId: "changeSubscriptionPlan",
  tags: ["subscriptions"],
  summary: "Change plan from the next billing cycle (§2.6 FAQ); the current plan's id undoes a change",
  request: body(ChangePlanRequest),
  responses: changeResponses,
});

export const startCardUpdate = createRoute({
  method: "post",
  path: "/api/subscription/card-setup",
  operationId: "startCardUpdate",
  tags: ["subscriptions"],
  summary: "Update card: a SetupIntent for the caller's active subscription (Stripe mode; ADR 0042)",
  responses: {
    200: json(CardSetup, "The SetupIntent's client secret for the Payment Element"),
    ...signedInWriteProblems("not-found", "subscription-state", "service-unavailable"),
  },
});

export const completeCardUpdate = createRoute({
  method: "post",
  path: "/api/subscription/card-setup/{id}/complete",
  operationId: "completeCardUpdate",
  tags: ["subscriptions"],
  summary:
    "After Stripe.js confirmed the SetupIntent: its card becomes the customer's and subscription's default",
  request: { params: CardSetupId },
  responses: {
    200: json(Billing, "Billing with the new card"),
    ...signedInWriteProblems(
      "not-found",
      "subscription-state",
      "payment-intent-state",
      "service-unavailable",
    ),
  },
});

export const listSubscriptionInvoices = createRoute({
  method: "get",
  path: "/api/subscription/invoices",
  operationId: "listSubscriptionInvoices",
  tags: ["subscriptions"],
  summary: "Payment history of the caller's subscriptions, newest first",
  request: { query: InvoicingPageQuery },
  responses: {
    200: json(SubscriptionInvoicePage, "A page of subscription invoices"),
    ...signedInProblems("validation-failed"),
  },
});

export const getTaxInvoicePdf = createRoute({
  method: "get",
  path: "/api/subscription/invoices/{id}/pdf",
  operationId: "getTaxInvoicePdf",
  tags: ["subscriptions"],
  summary: "The platform's tax invoice (GST-inclusive) for a paid period, as a PDF",
  request: { params: InvoicingId },
  responses: {
    200: file("The tax invoice", "application/pdf"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const confirmLocalSubscriptionPayment = createRoute({
  method: "post",
  path: "/api/local-gateway/subscription-payments/{id}/confirm",
  operationId: "confirmLocalSubscriptionPayment",
  tags: ["subscriptions"],
  summary: "Local gateway: pay a subscription invoice with a test card (what Stripe.js does for Stripe)",
  description:
    "Only with the local gateway (404 with Stripe). 4242… pays, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 requires authentication.",
  request: { params: PaymentIntentId, ...body(ConfirmLocalPaymentRequest) },
  responses: {
    200: json(PaymentIntent, "The payment after confirmation (a decline has lastPaymentError)"),
    ...signedInWriteProblems("not-found", "payment-intent-state"),
  },
});

export const authenticateLocalSubscriptionPayment = createRoute({
  method: "post",
  path: "/api/local-gateway/subscription-payments/{id}/authenticate",
  operationId: "authenticateLocalSubscriptionPayment",
  tags: ["subscriptions"],
  summary: "Local gateway: complete or fail the extra authentication step",
  request: { params: PaymentIntentId, ...body(AuthenticateLocalPaymentRequest) },
  responses: {
    200: json(PaymentIntent, "The payment after authentication"),
    ...signedInWriteProblems("not-found", "payment-intent-state"),
  },
});

export const advanceBillingClock = createRoute({
  method: "post",
  path: "/api/dev/billing-clock/advance",
  operationId: "advanceBillingClock",
  tags: ["subscriptions"],
  summary: "Development only: move the local gateway's test clock and run the renewals that fall due",
  description: "404 in production and with Stripe.",
  request: body(AdvanceBillingClockRequest),
  responses: {
    200: json(BillingClock, "The gateway's time after the move"),
    ...problemResponses("not-found", ...writeProblems, ...commonProblems),
  },
});
