/**
 * The local payment gateway (ADR 0008): Stripe's PaymentIntent life cycle and test cards over
 * PostgreSQL, with its card network (the part Stripe.js plays) and event outbox.
 */
export * from "./local-card-network.ts";
export * from "./mandate-gateway-local.ts";
export * from "./payment-gateway-local.ts";
export * from "./payout-gateway-local.ts";
export * from "./subscription-gateway-local.ts";
