/** Subscription calls for /subscribe and Settings → Billing (spec §7; issue 13), through the generated client. */

import { apiClient, type Billing, billingKey, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export type Plan = components["schemas"]["Plan"];
export type StartedSubscription = components["schemas"]["GetOrCreateSubscriptionResponse"];
export type SubscriptionInvoice = components["schemas"]["SubscriptionInvoice"];

export async function fetchPlans() {
  const { data, error, response } = await apiClient.GET("/api/plans");
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

export const usePlans = () => useQuery({ queryKey: ["plans"], queryFn: fetchPlans });

/** POST /api/get-or-create-subscription (planId: a §9 price identifier; monthly or annual billing). */
export async function getOrCreateSubscription(
  planId: string,
  interval: "month" | "year" = "month",
): Promise<StartedSubscription> {
  const { data, error, response } = await apiClient.POST("/api/get-or-create-subscription", {
    body: { planId, interval },
  });
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

export function useSubscriptionInvoices() {
  return useQuery({
    queryKey: [...billingKey, "invoices"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/subscription/invoices", {
        params: { query: { page: 1, pageSize: 50 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

type Change = { kind: "cancel" } | { kind: "resume" } | { kind: "change"; planId: string };

/** Cancel at period end, resume, or change plan from the next cycle; refreshes billing. */
export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change): Promise<Billing> => {
      const result =
        change.kind === "cancel"
          ? await apiClient.POST("/api/subscription/cancel")
          : change.kind === "resume"
            ? await apiClient.POST("/api/subscription/resume")
            : await apiClient.POST("/api/subscription/change-plan", { body: { planId: change.planId } });
      if (result.error !== undefined || !result.data) throw toApiError(result.error, result.response);
      return result.data;
    },
    onSuccess: (billing) => {
      queryClient.setQueryData(billingKey, billing);
      void queryClient.invalidateQueries({ queryKey: ["plans"] });
    },
  });
}

/**
 * After Stripe confirmed the first payment, the webhook activates the subscription: polls
 * GET /api/subscription every second, up to `tries` times; true once it is active.
 */
export async function waitUntilActive(tries = 20): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    const { data } = await apiClient.GET("/api/subscription");
    if (data?.subscription?.status === "active") return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

/** Update card (Stripe mode): POST /api/subscription/card-setup → the SetupIntent's client secret. */
export async function startCardUpdate() {
  const { data, error, response } = await apiClient.POST("/api/subscription/card-setup");
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

/** After Stripe.js confirmed the SetupIntent: the new card becomes the default; refreshes billing. */
export function useCompleteCardUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (setupIntentId: string): Promise<Billing> => {
      const { data, error, response } = await apiClient.POST("/api/subscription/card-setup/{id}/complete", {
        params: { path: { id: setupIntentId } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: (billing) => queryClient.setQueryData(billingKey, billing),
  });
}
