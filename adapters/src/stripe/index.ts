/** Gateway adapters on Stripe (the `stripe` SDK); the local gateways are adapters/src/local-gateway (ADR 0008). */

export * from "./charge-events-stripe.ts";
export * from "./mandate-gateway-stripe.ts";
export * from "./payment-gateway-stripe.ts";
export * from "./payout-gateway-stripe.ts";
export * from "./subscription-card-stripe.ts";
export * from "./subscription-gateway-stripe.ts";
