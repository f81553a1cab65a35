/**
 * Disputes over the API (issue 17): the caller's disputes, one dispute's page, an invoice's
 * disputes, and every step (open, answer, message, evidence, withdraw, answer a proposal; staff:
 * queue and proposal). Query keys start with "disputes"; each step invalidates them and the
 * invoices (amounts and payability change).
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

type Schemas = components["schemas"];
export type Dispute = Schemas["Dispute"];
export type DisputeDetail = Schemas["DisputeDetail"];
export type DisputeReason = Schemas["DisputeReason"];

export const disputesKey = ["disputes"] as const;

export const reasonLabels: Record<DisputeReason, string> = {
  amount_not_owed: "Amount not owed",
  work_not_done: "Work not done",
  charged_in_error: "Charged in error",
  services_not_delivered: "Services not delivered",
};

export const stateLabels: Record<Dispute["state"], string> = {
  open: "Open",
  in_mediation: "In mediation",
  proposed: "Resolution proposed",
  resolved: "Resolved",
  withdrawn: "Withdrawn",
};

export const outcomeLabels: Record<NonNullable<Dispute["outcome"]>, string> = {
  invoice_cancelled: "Invoice cancelled",
  amount_reduced: "Amount reduced (credit note)",
  paid_as_invoiced: "Paid as invoiced",
  full_refund: "Full refund",
  partial_refund: "Partial refund",
  withdrawn: "Withdrawn",
};

export function useMyDisputes() {
  return useQuery({
    queryKey: [...disputesKey, "mine"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/disputes");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function useMediationQueue() {
  return useQuery({
    queryKey: [...disputesKey, "queue"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/admin/disputes");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function useDispute(id: number) {
  return useQuery({
    queryKey: [...disputesKey, "one", id],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/disputes/{id}", {
        params: { path: { id } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** Runs one dispute step and refreshes disputes and invoices. */
function useStep<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: disputesKey }),
        queryClient.invalidateQueries({ queryKey: ["invoices"] }),
      ]),
  });
}

export function useOpenDispute(invoiceId: number) {
  return useStep(async (body: Schemas["OpenDisputeRequest"]) => {
    const { data, error, response } = await apiClient.POST("/api/invoices/{id}/disputes", {
      params: { path: { id: invoiceId } },
      body,
    });
    if (error !== undefined || !data) throw toApiError(error, response);
    return data;
  });
}

export function useRespond(id: number) {
  return useStep(async (body: Schemas["RespondDisputeRequest"]) => {
    const { data, error, response } = await apiClient.POST("/api/disputes/{id}/responses", {
      params: { path: { id } },
      body,
    });
    if (error !== undefined || !data) throw toApiError(error, response);
    return data;
  });
}

export function useAnswerProposal(id: number) {
  return useStep(async (accept: boolean) => {
    const { data, error, response } = await apiClient.POST("/api/disputes/{id}/proposal-answers", {
      params: { path: { id } },
      body: { accept },
    });
    if (error !== undefined || !data) throw toApiError(error, response);
    return data;
  });
}

export function useWithdraw(id: number) {
  return useStep(async () => {
    const { data, error, response } = await apiClient.POST("/api/disputes/{id}/withdraw", {
      params: { path: { id } },
    });
    if (error !== undefined || !data) throw toApiError(error, response);
    return data;
  });
}

export function usePostMessage(id: number) {
  return useStep(async (message: string) => {
    const { error, response } = await apiClient.POST("/api/disputes/{id}/messages", {
      params: { path: { id } },
      body: { message },
    });
    if (error !== undefined) throw toApiError(error, response);
  });
}

export function useAddEvidence(id: number) {
  return useStep(async (file: File) => {
    const form = new FormData();
    form.set("file", file);
    const response = await fetch(`/api/disputes/${id}/evidence`, {
      method: "POST",
      body: form,
      credentials: "include",
    });
    if (!response.ok) throw toApiError(await response.json().catch(() => undefined), response);
  });
}

export function useProposeResolution(id: number) {
  return useStep(async (body: Schemas["ProposeResolutionRequest"]) => {
    const { data, error, response } = await apiClient.POST("/api/admin/disputes/{id}/proposal", {
      params: { path: { id } },
      body,
    });
    if (error !== undefined || !data) throw toApiError(error, response);
    return data;
  });
}

/** "3 days 4 hours left" / "2 hours left" / "Due now" from the server's `now` and the deadline. */
export function countdown(deadline: string | null, now: number): string | null {
  if (!deadline) return null;
  const ms = Date.parse(deadline) - now;
  if (ms <= 0) return "Due now";
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days > 0) return `${days} day${days === 1 ? "" : "s"} ${rest} hour${rest === 1 ? "" : "s"} left`;
  const minutes = Math.max(1, Math.floor(ms / 60_000) % 60);
  return hours > 0 ? `${hours} hour${hours === 1 ? "" : "s"} ${minutes} min left` : `${minutes} min left`;
}
