/** Plan catalogue handler (spec §9 reading B): see contracts/src/routes/subscription.routes.ts. */
import { subscriptionRoutes } from "@closr/contracts";
import { cents, dollarsFromCents } from "@closr/core/shared";
import { currentPlan, plans } from "@closr/core/subscription";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import type { AppRuntime } from "../../runtime.ts";

const catalogue = Object.values(plans).map((p) => ({
  id: p.id,
  title: p.title,
  audience: p.audience,
  price: dollarsFromCents(cents(p.priceCents)),
  currency: "AUD" as const,
  priceId: p.priceId,
  partnershipLimit: p.partnershipLimit,
  description: p.description,
  features: [...p.features],
  popular: p.popular,
}));

export function registerSubscriptionRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(subscriptionRoutes.listPlans, async (c) => {
    const currentPlanId = await runtime.runPromise(currentPlan(c.get("user")));
    return c.json({ items: catalogue, currentPlanId }, 200, { "cache-control": "private, no-cache" });
  });
}
