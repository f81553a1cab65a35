/**
 * Payment handlers (spec §7; issue 5): see contracts/src/routes/payments.routes.ts. The webhook
 * reads the raw body (its signature covers the exact bytes) before anything parses it.
 */
import { authenticateLocalCardPayment, confirmLocalCardPayment } from "@closr/adapters/local-gateway";
import { paymentRoutes } from "@closr/contracts";
import { handleMandateWebhook } from "@closr/core/collection";
import {
  addPaymentMethod,
  deletePaymentMethod,
  type GatewayIntent,
  getPaymentIntentStatus,
  handleWebhook,
  type InvalidWebhook,
  listPaymentMethods,
  listPayments,
  PaymentGateway,
  type PaymentGatewayUnavailable,
  type PaymentMethod,
  setDefaultPaymentMethod,
  startInvoicePayment,
} from "@closr/core/payment";
import { handleChargeWebhook } from "@closr/core/payout";
import { dollarsFromCents, InvoiceId } from "@closr/core/shared";
import { handleSubscriptionWebhook } from "@closr/core/subscription";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { forRole, signedIn } from "../../http/guards.ts";
import { singlePage } from "../../http/lists.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime, AppServices } from "../../runtime.ts";
import { paymentJson } from "../invoices/invoices.handlers.ts";

/** Gateway intent → contract JSON. */
export const intentJson = (intent: GatewayIntent) => ({
  id: intent.id,
  clientSecret: intent.clientSecret,
  status: intent.status,
  amount: dollarsFromCents(intent.amountCents),
  currency: "AUD" as const,
  invoiceId: intent.invoiceId,
  nextAction: intent.nextAction,
  lastPaymentError: intent.lastError,
});

const methodJson = (m: PaymentMethod) => ({ ...m, createdAt: m.createdAt.toISOString() });

export function registerPaymentRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(paymentRoutes.listPayments), async (c) => {
    const user = c.get("user");
    const page = c.req.valid("query");
    return runUseCase(runtime, c, listPayments(user, page), (result) =>
      c.json({ items: result.items.map(paymentJson), total: result.total, ...page }, 200),
    );
  });

  app.openapi(signedIn(paymentRoutes.listPaymentMethods), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, listPaymentMethods(user), (methods) =>
      c.json(singlePage(methods.map(methodJson)), 200),
    );
  });

  app.openapi(signedIn(paymentRoutes.createPaymentMethod), async (c) => {
    const user = c.get("user");
    const body = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      addPaymentMethod(user, {
        type: body.type,
        name: body.name,
        lastFour: body.lastFour,
        expiryMonth: body.expiryMonth ?? null,
        expiryYear: body.expiryYear ?? null,
        isDefault: body.isDefault,
      }),
      (method) => c.json(methodJson(method), 201),
    );
  });

  app.openapi(signedIn(paymentRoutes.deletePaymentMethod), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, deletePaymentMethod(user, id), () => c.body(null, 204));
  });

  app.openapi(signedIn(paymentRoutes.setDefaultPaymentMethod), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, setDefaultPaymentMethod(user, id), (method) =>
      c.json(methodJson(method), 200),
    );
  });

  app.openapi(paymentRoutes.getPaymentConfig, async (c) => {
    const gateway = await runtime.runPromise(Effect.map(PaymentGateway, (g) => g));
    return c.json({ gateway: gateway.kind, publishableKey: gateway.publishableKey }, 200, {
      "cache-control": "no-cache",
    });
  });

  app.openapi(forRole(paymentRoutes.createPaymentIntent, "business", "pay invoices"), async (c) => {
    const user = c.get("user");
    const { invoiceId } = c.req.valid("json");
    return runUseCase(runtime, c, startInvoicePayment(user, InvoiceId.make(invoiceId)), (started) =>
      c.json(
        { ...intentJson(started.intent), gateway: started.gateway, publishableKey: started.publishableKey },
        200,
      ),
    );
  });

  app.openapi(signedIn(paymentRoutes.getPaymentIntent), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, getPaymentIntentStatus(user, id), (result) =>
      c.json(intentJson(result.intent), 200),
    );
  });

  app.openapi(signedIn(paymentRoutes.confirmLocalPayment), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return runUseCase(runtime, c, confirmLocalCardPayment(user, id, body.clientSecret, body.card), (intent) =>
      c.json(intentJson(intent), 200),
    );
  });

  app.openapi(signedIn(paymentRoutes.authenticateLocalPayment), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      authenticateLocalCardPayment(user, id, body.clientSecret, body.outcome),
      (intent) => c.json(intentJson(intent), 200),
    );
  });

  app.openapi(paymentRoutes.stripeWebhook, async (c) => {
    const rawBody = await c.req.text();
    const signature = c.req.header("stripe-signature");
    // Mandate events (setup_intent.* of a mandate, mandate.updated) go to collection (issue 45);
    // subscription events (invoice.*, customer.subscription.*) go to their context (issue 13);
    // refunds and card disputes (charge.refunded, refund.updated, charge.dispute.*) to the payout
    // ledger (ADR 0041); the rest to the payment.
    const others = Effect.flatMap(
      handleSubscriptionWebhook(rawBody, signature),
      (
        subscription,
      ): Effect.Effect<{ outcome: string }, InvalidWebhook | PaymentGatewayUnavailable, AppServices> =>
        subscription
          ? Effect.succeed(subscription)
          : Effect.flatMap(handleChargeWebhook(rawBody, signature), (charge) =>
              charge ? Effect.succeed(charge) : handleWebhook(rawBody, signature),
            ),
    );
    const handled = Effect.flatMap(handleMandateWebhook(rawBody, signature), (mandate) =>
      mandate ? Effect.succeed(mandate) : others,
    );
    return runUseCase(runtime, c, handled, (result) =>
      c.json({ received: true as const, outcome: result.outcome }, 200),
    );
  });
}
