/**
 * Subscription queries (issue 13): GET /api/subscription (plan, status, entitlements, next
 * renewal) for the sidebar, the past_due banner, /subscribe and Settings → Billing.
 */
import type { components } from "@closr/contracts/client";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client.ts";
import { toApiError } from "../api/problem.ts";
import { useCurrentUser } from "../session/session-api.ts";

export type Billing = components["schemas"]["Billing"];
export const billingKey = ["billing"] as const;

export async function fetchBilling(): Promise<Billing> {
  const { data, error, response } = await apiClient.GET("/api/subscription");
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

/** The signed-in user's billing; disabled when signed out. */
export function useBilling() {
  const user = useCurrentUser().data;
  return useQuery({ queryKey: billingKey, queryFn: fetchBilling, enabled: Boolean(user) });
}

const planTitles: Record<string, string> = {
  basic: "Basic",
  professional: "Professional",
  enterprise: "Enterprise",
  agent_basic: "Agent Basic",
  agent_pro: "Agent Pro",
};

/** "Professional" for a plan id. */
export const planTitle = (planId: string) => planTitles[planId] ?? planId;

/** The words for a subscription status on the sidebar and Billing. */
export function statusLabel(billing: Billing): string {
  const s = billing.subscription;
  if (!s || s.status === "canceled" || s.status === "incomplete_expired" || s.status === "incomplete")
    return "Free plan";
  if (s.status === "past_due") return "Payment failed";
  if (s.cancelAtPeriodEnd) return "Cancels at period end";
  return "Active";
}
