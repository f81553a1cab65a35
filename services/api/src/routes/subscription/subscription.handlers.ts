/** Plan catalogue handler (spec §9 reading B): see contracts/src/routes/subscription.routes.ts. */
import { type Db, readUserPlan } from "@closr/adapters/postgres";
import { subscriptionRoutes } from "@closr/contracts";
import { plans } from "@closr/core/subscription";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";

const catalogue = Object.values(plans).map((p) => ({
  id: p.id,
  title: p.title,
  audience: p.audience,
  price: p.priceCents / 100,
  currency: "AUD" as const,
  priceId: p.priceId,
  partnershipLimit: p.partnershipLimit,
  description: p.description,
  features: [...p.features],
  popular: p.popular,
}));

export function registerSubscriptionRoutes(app: OpenAPIHono<AppEnv>, db: Db) {
  app.openapi(subscriptionRoutes.listPlans, async (c) => {
    const user = c.get("user");
    const currentPlanId = user ? ((await readUserPlan(db, user.id)) ?? null) : null;
    return c.json({ items: catalogue, currentPlanId }, 200, { "cache-control": "private, no-cache" });
  });
}
