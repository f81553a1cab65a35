/** PaymentGateway on Stripe (the `stripe` SDK); the local gateway is adapters/src/local-gateway (ADR 0008). */
export * from "./payment-gateway-stripe.ts";
