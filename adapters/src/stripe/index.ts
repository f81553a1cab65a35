/**
 * Gateway adapters (ADR 0008; issue 13): PaymentGateway and SubscriptionGateway, each with a
 * Stripe implementation (the `stripe` SDK) and a local, in-process one.
 */
export * from "./payment-gateway-local.ts";
export * from "./payment-gateway-stripe.ts";
export * from "./subscription-gateway-local.ts";
export * from "./subscription-gateway-stripe.ts";
