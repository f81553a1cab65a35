/**
 * Agent invoices over the API (spec §2.9, §7; issue 5): the agent's invoices, creating one, an
 * invoice's payments (loaded the first time its details open), and this month's paid total for
 * the dashboard. Query keys start with "invoices"; creating invalidates them.
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

type Schemas = components["schemas"];
export type Invoice = Schemas["Invoice"];
export type Payment = Schemas["Payment"];
export type NewInvoice = Schemas["CreateInvoiceRequest"];

export const invoicesKey = ["invoices"] as const;

export function useInvoices() {
  return useQuery({
    queryKey: [...invoicesKey, "list"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/invoices", {
        params: { query: { pageSize: 100 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewInvoice) => {
      const { data, error, response } = await apiClient.POST("/api/invoices", { body });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesKey }),
  });
}

/** Payments of one invoice; fetched only once `enabled` (the details are opened). */
export function useInvoicePayments(invoiceId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...invoicesKey, "payments", invoiceId],
    enabled,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/invoices/{id}/payments", {
        params: { path: { id: invoiceId } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data.items;
    },
  });
}

/** The agent's invoices paid this month (Sydney), in dollars, for the Monthly Commission tile. */
export function useMonthlyCommission(enabled = true) {
  return useQuery({
    queryKey: [...invoicesKey, "summary"],
    enabled,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/invoice-summary");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}
