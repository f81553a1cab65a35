/** PaymentGateway adapters: Stripe (the `stripe` SDK) and the local, in-process gateway (ADR 0008). */
export * from "./local-card-network.ts";
export * from "./payment-gateway-local.ts";
export * from "./payment-gateway-stripe.ts";
