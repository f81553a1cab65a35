/**
 * Payment schemas (spec §3 payments, payment_methods; §4 payment states; §5 Payment method
 * rules; §7 calls; issue 5). `businessId` and `agentId` are PROFILE ids; a payment method's
 * `userId` is a USER id. Money crosses the API as AUD dollars with at most 2 decimals; inside it
 * is integer cents. Times are ISO 8601 UTC.
 */
import { z } from "@hono/zod-openapi";
import { money, pageSchema, positiveId } from "./common.ts";

export const PaymentStatus = z
  .enum(["pending", "processing", "completed", "failed", "refunded"])
  .openapi("PaymentStatus");

export const Payment = z
  .object({
    id: z.number().int(),
    invoiceId: z.number().int(),
    businessId: z.number().int(),
    agentId: z.number().int(),
    amount: money("The amount charged."),
    currency: z.literal("AUD"),
    paymentMethodId: z.number().int().nullable(),
    status: PaymentStatus,
    transactionId: z.string().nullable().openapi({ description: "The gateway's charge id once completed." }),
    paymentIntentId: z.string().nullable(),
    processingFee: money("Fee."),
    platformFee: money("The platform's fee on this payment (Stripe application fee; ADR 0011)."),
    refundedAmount: money("Refunded so far; the status is refunded once it reaches the amount."),
    receiptUrl: z.string().nullable(),
    failureMessage: z.string().nullable().openapi({ description: "Why the gateway declined." }),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Payment");
export type Payment = z.infer<typeof Payment>;

export const PaymentList = z.object({ items: z.array(Payment) }).openapi("PaymentList");

export const PaymentPage = pageSchema(Payment, "PaymentPage");

export const PaymentMethodType = z
  .enum(["credit_card", "bank_transfer", "paypal"], { error: "Choose credit_card, bank_transfer or paypal" })
  .openapi("PaymentMethodType");

export const PaymentMethod = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    type: PaymentMethodType,
    name: z.string(),
    lastFour: z.string(),
    expiryMonth: z.number().int().nullable(),
    expiryYear: z.number().int().nullable(),
    isDefault: z.boolean(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("PaymentMethod", {
    description: "Only type, name, last four and expiry are stored, never a card number.",
  });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentMethodList = pageSchema(PaymentMethod, "PaymentMethodList");

export const CreatePaymentMethodRequest = z
  .strictObject({
    type: PaymentMethodType,
    name: z
      .string({ error: "Name must be at least 3 characters" })
      .trim()
      .min(3, { error: "Name must be at least 3 characters" })
      .max(100, { error: "Name must be at most 100 characters" }),
    lastFour: z
      .string({ error: "Last 4 digits required" })
      .min(4, { error: "Last 4 digits required" })
      .max(4, { error: "Only last 4 digits" })
      .regex(/^\d*$/, { error: "Last 4 digits required" })
      .openapi({ example: "4242" }),
    expiryMonth: z
      .number({ error: "Expiry month must be 1 to 12" })
      .int({ error: "Expiry month must be 1 to 12" })
      .min(1, { error: "Expiry month must be 1 to 12" })
      .max(12, { error: "Expiry month must be 1 to 12" })
      .nullable()
      .optional(),
    expiryYear: z
      .number({ error: "Expiry year must be a 4-digit year" })
      .int({ error: "Expiry year must be a 4-digit year" })
      .min(2000, { error: "Expiry year must be a 4-digit year" })
      .max(2100, { error: "Expiry year must be a 4-digit year" })
      .nullable()
      .optional(),
    isDefault: z.boolean().default(false),
  })
  .openapi("CreatePaymentMethodRequest", {
    description: "Strict: a card number or any other field is refused (422).",
  });
export type CreatePaymentMethodRequest = z.input<typeof CreatePaymentMethodRequest>;

export const CreatePaymentIntentRequest = z
  .strictObject({ invoiceId: positiveId("Invoice is required") })
  .openapi("CreatePaymentIntentRequest");

export const IntentStatus = z
  .enum([
    "requires_payment_method",
    "requires_confirmation",
    "requires_action",
    "processing",
    "succeeded",
    "canceled",
  ])
  .openapi("PaymentIntentStatus", { description: "Stripe's PaymentIntent statuses." });

const PaymentError = z
  .object({ code: z.string(), message: z.string() })
  .nullable()
  .openapi({ description: "The last decline or authentication failure." });

export const PaymentIntent = z
  .object({
    id: z.string(),
    clientSecret: z.string(),
    status: IntentStatus,
    amount: money("The amount to charge."),
    currency: z.literal("AUD"),
    invoiceId: z.number().int().nullable(),
    nextAction: z.enum(["local_authenticate", "use_stripe_sdk", "redirect_to_url"]).nullable(),
    lastPaymentError: PaymentError,
  })
  .openapi("PaymentIntent");
export type PaymentIntent = z.infer<typeof PaymentIntent>;

export const CreatePaymentIntentResponse = PaymentIntent.extend({
  gateway: z.enum(["local", "stripe"]),
  publishableKey: z.string().nullable(),
}).openapi("CreatePaymentIntentResponse");

export const PaymentConfig = z
  .object({
    gateway: z
      .enum(["local", "stripe"])
      .openapi({ description: "stripe when the server has STRIPE_SECRET_KEY." }),
    publishableKey: z
      .string()
      .nullable()
      .openapi({ description: "For Stripe.js; null with the local gateway." }),
  })
  .openapi("PaymentConfig");

export const PaymentIntentId = z.object({
  id: z
    .string()
    .regex(/^pi_[A-Za-z0-9_]{1,250}$/, { error: "id must be a payment intent id" })
    .openapi({ param: { name: "id", in: "path" }, example: "pi_local_0123abcd" }),
});

export const ConfirmLocalPaymentRequest = z
  .strictObject({
    clientSecret: z.string().min(1).max(300),
    card: z.strictObject({
      number: z
        .string()
        .regex(/^[\d ]{12,23}$/, { error: "Your card number is incomplete." })
        .openapi({ example: "4242 4242 4242 4242" }),
      expMonth: z.number().int().min(1, { error: "Your card's expiration date is incomplete." }).max(12),
      expYear: z.number().int().min(0).max(2100),
      cvc: z
        .string()
        .regex(/^\d{3,4}$/, { error: "Your card's security code is incomplete." })
        .openapi({ example: "123" }),
    }),
  })
  .openapi("ConfirmLocalPaymentRequest", {
    description:
      "The local gateway's card form (development only; the number decides the outcome and is never stored).",
  });

export const AuthenticateLocalPaymentRequest = z
  .strictObject({
    clientSecret: z.string().min(1).max(300),
    outcome: z.enum(["complete", "fail"]),
  })
  .openapi("AuthenticateLocalPaymentRequest");

export const WebhookAck = z.object({ received: z.literal(true), outcome: z.string() }).openapi("WebhookAck");
