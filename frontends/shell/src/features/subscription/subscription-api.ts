/** Subscription calls for /subscribe and Settings → Billing (spec §7; issue 13), through the generated client. */

import type { components } from "@closr/contracts/client";
import { apiClient, type Billing, billingKey, toApiError } from "@closr/ui";
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

/** POST /api/get-or-create-subscription (planId: a §9 price identifier). */
export async function getOrCreateSubscription(planId: string): Promise<StartedSubscription> {
  const { data, error, response } = await apiClient.POST("/api/get-or-create-subscription", {
    body: { planId, interval: "month" },
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
