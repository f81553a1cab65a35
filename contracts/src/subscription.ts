/** Plan catalogue schemas (spec §9 reading B; docs/architecture.md: one server-side catalogue, AUD). */
import { z } from "@hono/zod-openapi";

const planIds = ["basic", "professional", "enterprise", "agent_basic", "agent_pro"] as const;
export const PlanId = z.enum(planIds).openapi("PlanId");

export const Plan = z
  .object({
    id: PlanId,
    title: z.string(),
    audience: z.enum(["business", "agent"]),
    price: z.number().openapi({ description: "AUD dollars per month; 0 for the free plans." }),
    currency: z.literal("AUD"),
    priceId: z
      .string()
      .nullable()
      .openapi({ description: "Payment provider price id; null for free plans." }),
    partnershipLimit: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Active partnerships allowed; null = unlimited." }),
    description: z.string(),
    features: z.array(z.string()),
    popular: z.boolean(),
  })
  .openapi("Plan");

export const PlanCatalogue = z
  .object({
    items: z.array(Plan),
    currentPlanId: z
      .enum(planIds)
      .nullable()
      .openapi({ description: "The caller's plan; null when signed out." }),
  })
  .openapi("PlanCatalogue");
