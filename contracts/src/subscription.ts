/** Plan catalogue schemas (spec §9 reading B; docs/architecture.md: one server-side catalogue, AUD). */
import { z } from "@hono/zod-openapi";
import { pageSchema } from "./common.ts";

const planIds = ["basic", "professional", "enterprise", "agent_basic", "agent_pro"] as const;
export const PlanId = z.enum(planIds).openapi("PlanId");

export const Plan = z
  .object({
    id: PlanId,
    title: z.string(),
    audience: z.enum(["business", "agent"]),
    price: z.number().openapi({ description: "AUD dollars per month; 0 for the free plans." }),
    annualPrice: z.number().openapi({
      description:
        "AUD dollars per year on annual billing (10× the monthly price; ADR 0042); 0 for the free plans.",
    }),
    currency: z.literal("AUD"),
    priceId: z
      .string()
      .nullable()
      .openapi({ description: "Payment provider price id; null for free plans." }),
    partnershipLimit: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Active partnerships allowed; null = unlimited." }),
    description: z.string(),
    features: z.array(z.string()),
    popular: z.boolean(),
  })
  .openapi("Plan");

export const PlanCatalogue = z
  .object({
    items: z.array(Plan),
    currentPlanId: z
      .enum(planIds)
      .nullable()
      .openapi({ description: "The caller's plan; null when signed out." }),
  })
  .openapi("PlanCatalogue");

/** Stripe's subscription statuses (issue 13). */
export const SubscriptionStatus = z
  .enum(["incomplete", "incomplete_expired", "active", "past_due", "canceled"])
  .openapi("SubscriptionStatus");

const paidPlanIds = ["professional", "enterprise", "agent_pro"] as const;

export const GetOrCreateSubscriptionRequest = z
  .object({
    planId: z.string().min(1).max(100).openapi({
      description: "A §9 price identifier: price_professional, price_enterprise or price_agent_pro.",
    }),
    interval: z
      .enum(["month", "year"])
      .default("month")
      .openapi({ description: "Billing period; a year costs 10× the monthly price." }),
  })
  .openapi("GetOrCreateSubscriptionRequest");

export const Subscription = z
  .object({
    id: z.number().int(),
    planId: z.enum(paidPlanIds),
    interval: z.enum(["month", "year"]),
    status: SubscriptionStatus,
    currentPeriodStart: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    scheduledPlanId: z.enum(paidPlanIds).nullable(),
    pastDueSince: z.string().nullable(),
    canceledAt: z.string().nullable(),
    createdAt: z.string(),
    paymentIntentId: z
      .string()
      .nullable()
      .openapi({ description: "The open invoice's payment (incomplete or past_due): confirm it to pay." }),
    clientSecret: z.string().nullable(),
  })
  .openapi("Subscription");

export const GetOrCreateSubscriptionResponse = z
  .object({
    isActive: z
      .boolean()
      .openapi({ description: "True when the caller already has an active subscription." }),
    clientSecret: z.string().nullable(),
    subscription: Subscription,
    gateway: z.enum(["local", "stripe"]),
    publishableKey: z.string().nullable(),
    amount: z.number().openapi({ description: "AUD dollars charged per period, GST included." }),
  })
  .openapi("GetOrCreateSubscriptionResponse");

export const Entitlements = z
  .object({
    planId: z.enum(planIds),
    partnershipLimit: z.number().int().nullable(),
    verificationBadge: z.boolean(),
    priorityReview: z.boolean(),
    performanceMetrics: z.boolean(),
    advancedAnalytics: z.boolean(),
    apiAccess: z.boolean(),
    customContractTemplates: z.boolean().openapi({
      description: "Custom contract templates for commission agreements (Enterprise; ADR 0017).",
    }),
    featuredListing: z.boolean(),
    /** /performance peer comparison (Agent Pro; issue 18). */
    peerComparison: z.boolean(),
    inGrace: z.boolean(),
    graceEndsAt: z.string().nullable(),
  })
  .openapi("Entitlements");

/** A saved card (ADR 0042): brand as Stripe names it (visa, mastercard, amex, …), last 4 digits, expiry. */
export const PaymentCard = z
  .object({
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int().nullable(),
    expYear: z.number().int().nullable(),
  })
  .openapi("PaymentCard");

export const Billing = z
  .object({
    subscription: z.union([Subscription, z.null()]),
    entitlements: Entitlements,
    nextRenewal: z
      .object({ at: z.string(), amount: z.number(), planId: z.enum(planIds) })
      .nullable()
      .openapi({ description: "Next renewal: date, AUD amount (GST included) and plan." }),
    gateway: z.enum(["local", "stripe"]),
    publishableKey: z.string().nullable(),
    card: z.union([PaymentCard, z.null()]).openapi({
      description:
        "The card the subscription is charged to (Stripe mode); null without one or on the local gateway.",
    }),
  })
  .openapi("Billing");

export const CardSetup = z
  .object({
    id: z.string().openapi({ description: "The SetupIntent (seti_…)." }),
    clientSecret: z
      .string()
      .openapi({ description: "What Stripe.js's Payment Element (setup mode) confirms." }),
    publishableKey: z.string().nullable(),
  })
  .openapi("CardSetup");

export const CardSetupId = z.object({
  id: z
    .string()
    .min(1)
    .max(255)
    .openapi({ param: { name: "id", in: "path" }, example: "seti_1Abc" }),
});

export const ChangePlanRequest = z
  .object({
    planId: z
      .string()
      .min(1)
      .max(100)
      .openapi({ description: "A §9 price identifier of the caller's side." }),
  })
  .openapi("ChangePlanRequest");

export const SubscriptionInvoice = z
  .object({
    id: z.number().int(),
    number: z.string().nullable().openapi({ description: "Tax invoice number (paid invoices)." }),
    planId: z.enum(paidPlanIds),
    interval: z.enum(["month", "year"]),
    amount: z.number().openapi({ description: "AUD dollars, GST included." }),
    gst: z.number().openapi({ description: "GST included in amount (amount / 11, to the cent)." }),
    status: z.enum(["paid", "failed"]),
    periodStart: z.string(),
    periodEnd: z.string(),
    paidAt: z.string().nullable(),
    failureMessage: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("SubscriptionInvoice");

export const SubscriptionInvoicePage = pageSchema(SubscriptionInvoice, "SubscriptionInvoicePage");

export const AdvanceBillingClockRequest = z
  .object({ days: z.number().min(0).max(400) })
  .openapi("AdvanceBillingClockRequest");

export const BillingClock = z.object({ now: z.string() }).openapi("BillingClock");
