/**
 * Business payments over the API (spec §2.8, §7; issue 5): invoices addressed to the business,
 * payment history, saved payment methods, the payment config (which gateway, Stripe's
 * publishable key at run time), starting a payment (POST /api/create-payment-intent) and the
 * local gateway's card confirmation. Query keys start with "payments"; mutations invalidate them.
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

type Schemas = components["schemas"];
export type Invoice = Schemas["Invoice"];
export type Payment = Schemas["Payment"];
export type PaymentMethod = Schemas["PaymentMethod"];
export type PaymentIntent = Schemas["PaymentIntent"];
export type StartedPayment = Schemas["CreatePaymentIntentResponse"];
export type NewPaymentMethod = Schemas["CreatePaymentMethodRequest"];

export const paymentsKey = ["payments"] as const;

export function useInvoices() {
  return useQuery({
    queryKey: [...paymentsKey, "invoices"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/invoices", {
        params: { query: { pageSize: 100 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function usePaymentHistory() {
  return useQuery({
    queryKey: [...paymentsKey, "history"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/payments", {
        params: { query: { pageSize: 100 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: [...paymentsKey, "methods"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/payment-methods");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function usePaymentConfig() {
  return useQuery({
    queryKey: [...paymentsKey, "config"],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/payment-config");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

const useInvalidating = <I, O>(run: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKey }),
  });
};

export function useAddPaymentMethod() {
  return useInvalidating(async (body: NewPaymentMethod) => {
    const { data, error, response } = await apiClient.POST("/api/payment-methods", { body });
    if (error !== undefined || !data) throw toApiError(error, response);
    return data;
  });
}

export function useDeletePaymentMethod() {
  return useInvalidating(async (id: number) => {
    const { error, response } = await apiClient.DELETE("/api/payment-methods/{id}", {
      params: { path: { id } },
    });
    if (error !== undefined || !response.ok) throw toApiError(error, response);
  });
}

export function useSetDefaultPaymentMethod() {
  return useInvalidating(async (id: number) => {
    const { data, error, response } = await apiClient.PATCH("/api/payment-methods/{id}/set-default", {
      params: { path: { id } },
    });
    if (error !== undefined || !data) throw toApiError(error, response);
    return data;
  });
}

/** Starts (or resumes) paying an invoice: the PaymentIntent to confirm. */
export async function startPayment(invoiceId: number): Promise<StartedPayment> {
  const { data, error, response } = await apiClient.POST("/api/create-payment-intent", {
    body: { invoiceId },
  });
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

const invoiceLabels: Record<Invoice["status"], string> = {
  paid: "Paid",
  overdue: "Overdue",
  refunded: "Refunded",
  partly_refunded: "Partly refunded",
  disputed: "Disputed",
  cancelled: "Cancelled",
  pending: "Due",
};

/** Spec §2.8 labels: Paid, Due, Overdue; ADR 0040 adds Refunded, Partly refunded, Disputed, Cancelled. */
export const invoiceLabel = (invoice: Invoice) => invoiceLabels[invoice.status];

/** Where the card form sends the customer when the payment needs no further step (spec §2.7, §7). */
export const confirmationPath = (paymentIntentId: string, invoiceId: number) =>
  `/payment-confirmation?payment_intent=${encodeURIComponent(paymentIntentId)}&invoice_id=${invoiceId}`;
