/**
 * Subscription handlers (spec §2.6, §7, §9; issue 13): see contracts/src/routes/subscription.routes.ts.
 * Status changes only come from gateway events; these handlers start checkouts, ask the gateway
 * for changes, and read.
 */

import { renderTaxInvoicePdf, type TaxInvoiceSeller } from "@closr/adapters/pdf";
import { subscriptionRoutes } from "@closr/contracts";
import { cents, dollarsFromCents, SubscriptionInvoiceId } from "@closr/core/shared";
import {
  advanceLocalBillingClock,
  authenticateLocalSubscriptionPayment,
  type Billing,
  changePlan,
  completeCardUpdate,
  confirmLocalSubscriptionPayment,
  currentPlan,
  getBilling,
  getOrCreateSubscription,
  getTaxInvoice,
  type LocalSubscriptionPayment,
  listSubscriptionInvoices,
  periodPriceCents,
  type Subscription,
  SubscriptionGateway,
  type SubscriptionInvoice,
  setCancelAtPeriodEnd,
  startCardUpdate,
  subscriptionCard,
} from "@closr/core/subscription";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { problem } from "../../http/problem.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";
import { planCatalogue } from "./plan-catalogue.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dollars = (amount: number) => dollarsFromCents(cents(amount));

/** Subscription → contract JSON. */
export const subscriptionJson = (s: Subscription) => ({
  id: s.id,
  planId: s.planId,
  interval: s.interval,
  status: s.status,
  currentPeriodStart: iso(s.currentPeriodStart),
  currentPeriodEnd: iso(s.currentPeriodEnd),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  scheduledPlanId: s.scheduledPlanId,
  pastDueSince: iso(s.pastDueSince),
  canceledAt: iso(s.canceledAt),
  createdAt: s.createdAt.toISOString(),
  paymentIntentId: s.paymentIntentId,
  clientSecret: s.clientSecret,
});

const invoiceJson = (i: SubscriptionInvoice) => ({
  id: i.id,
  number: i.number,
  planId: i.planId,
  interval: i.interval,
  amount: dollars(i.amountCents),
  gst: dollars(i.gstCents),
  status: i.status,
  periodStart: i.periodStart.toISOString(),
  periodEnd: i.periodEnd.toISOString(),
  paidAt: iso(i.paidAt),
  failureMessage: i.failureMessage,
  createdAt: i.createdAt.toISOString(),
});

const paymentJson = (p: LocalSubscriptionPayment) => ({
  id: p.id,
  clientSecret: p.clientSecret,
  status: p.status,
  amount: dollars(p.amountCents),
  currency: "AUD" as const,
  invoiceId: null,
  nextAction: p.nextAction,
  lastPaymentError: p.lastError,
});

export interface SubscriptionRouteOptions {
  /** The development clock endpoint (never in production). */
  readonly devTools: boolean;
  /** The platform as seller on tax invoices (config PLATFORM_*). */
  readonly seller: TaxInvoiceSeller;
}

export function registerSubscriptionRoutes(
  app: OpenAPIHono<AppEnv>,
  runtime: AppRuntime,
  options: SubscriptionRouteOptions,
) {
  const gateway = () => runtime.runPromise(Effect.map(SubscriptionGateway, (g) => g));
  const billingJson = async (b: Billing, user: Parameters<typeof subscriptionCard>[0]) => {
    const g = await gateway();
    const card = await runtime.runPromise(subscriptionCard(user));
    return {
      card,
      subscription: b.subscription ? subscriptionJson(b.subscription) : null,
      entitlements: { ...b.entitlements, graceEndsAt: iso(b.entitlements.graceEndsAt) },
      nextRenewal: b.nextRenewal
        ? {
            at: b.nextRenewal.at.toISOString(),
            amount: dollars(b.nextRenewal.amountCents),
            planId: b.nextRenewal.planId,
          }
        : null,
      gateway: g.kind,
      publishableKey: g.publishableKey,
    };
  };

  app.openapi(subscriptionRoutes.listPlans, async (c) => {
    const currentPlanId = await runtime.runPromise(currentPlan(c.get("user")));
    return c.json({ items: planCatalogue, currentPlanId }, 200, { "cache-control": "private, no-cache" });
  });

  app.openapi(signedIn(subscriptionRoutes.getOrCreateSubscription), async (c) => {
    const user = c.get("user");
    const { planId, interval } = c.req.valid("json");
    const g = await gateway();
    return runUseCase(runtime, c, getOrCreateSubscription(user, planId, interval), (started) =>
      c.json(
        {
          isActive: started.isActive,
          clientSecret: started.clientSecret,
          subscription: subscriptionJson(started.subscription),
          gateway: g.kind,
          publishableKey: g.publishableKey,
          amount: dollars(periodPriceCents(started.subscription.planId, started.subscription.interval)),
        },
        200,
      ),
    );
  });

  app.openapi(signedIn(subscriptionRoutes.getBilling), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, getBilling(user), async (b) =>
      c.json(await billingJson(b, user), 200, { "cache-control": "private, no-cache" }),
    );
  });

  app.openapi(signedIn(subscriptionRoutes.cancelSubscription), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, setCancelAtPeriodEnd(user, true), async (b) =>
      c.json(await billingJson(b, user), 200),
    );
  });

  app.openapi(signedIn(subscriptionRoutes.resumeSubscription), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, setCancelAtPeriodEnd(user, false), async (b) =>
      c.json(await billingJson(b, user), 200),
    );
  });

  app.openapi(signedIn(subscriptionRoutes.changeSubscriptionPlan), async (c) => {
    const user = c.get("user");
    const { planId } = c.req.valid("json");
    return runUseCase(runtime, c, changePlan(user, planId), async (b) =>
      c.json(await billingJson(b, user), 200),
    );
  });

  app.openapi(signedIn(subscriptionRoutes.startCardUpdate), async (c) => {
    const user = c.get("user");
    const g = await gateway();
    return runUseCase(runtime, c, startCardUpdate(user), (setup) =>
      c.json({ ...setup, publishableKey: g.publishableKey }, 200),
    );
  });

  app.openapi(signedIn(subscriptionRoutes.completeCardUpdate), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    const completed = Effect.flatMap(completeCardUpdate(user, id), () => getBilling(user));
    return runUseCase(runtime, c, completed, async (b) => c.json(await billingJson(b, user), 200));
  });

  app.openapi(signedIn(subscriptionRoutes.listSubscriptionInvoices), async (c) => {
    const user = c.get("user");
    const page = c.req.valid("query");
    return runUseCase(runtime, c, listSubscriptionInvoices(user, page), (result) =>
      c.json({ items: result.items.map(invoiceJson), total: result.total, ...page }, 200),
    );
  });

  app.openapi(signedIn(subscriptionRoutes.getTaxInvoicePdf), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(
      runtime,
      c,
      getTaxInvoice(user, SubscriptionInvoiceId.make(id)),
      async ({ invoice }) => {
        const bytes = await renderTaxInvoicePdf(invoice, options.seller, {
          name: user.username,
          email: user.email,
        });
        return c.body(bytes as unknown as ArrayBuffer, 200, {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="closr-tax-invoice-${invoice.number ?? invoice.id}.pdf"`,
          "cache-control": "private, no-cache",
        });
      },
    );
  });

  app.openapi(signedIn(subscriptionRoutes.confirmLocalSubscriptionPayment), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      confirmLocalSubscriptionPayment(user, id, body.clientSecret, body.card),
      (p) => c.json(paymentJson(p), 200),
    );
  });

  app.openapi(signedIn(subscriptionRoutes.authenticateLocalSubscriptionPayment), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      authenticateLocalSubscriptionPayment(user, id, body.clientSecret, body.outcome),
      (p) => c.json(paymentJson(p), 200),
    );
  });

  app.openapi(subscriptionRoutes.advanceBillingClock, async (c) => {
    if (!options.devTools) return problem(c, "not-found", { detail: "Development tools are off." });
    const { days } = c.req.valid("json");
    return runUseCase(runtime, c, advanceLocalBillingClock(days * 24 * 60 * 60 * 1000), (now) =>
      c.json({ now: now.toISOString() }, 200),
    );
  });
}
