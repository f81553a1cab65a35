/** Staff payments API (issue 14): completed and refunded payments, and refunding one (full or partial). */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export type StaffPayment = components["schemas"]["StaffPayment"];
export type Refund = components["schemas"]["Refund"];

const key = ["staff-payments"] as const;

export function useStaffPayments() {
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/admin/payments", {
        params: { query: { pageSize: 100 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { paymentId: number; amount: number; reason: string }) => {
      const { data, error, response } = await apiClient.POST("/api/admin/payments/{id}/refunds", {
        params: { path: { id: input.paymentId } },
        body: { amount: input.amount, reason: input.reason },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
