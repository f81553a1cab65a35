/** Staff review API (issue 12): the queue, one request, decisions and signed document links. */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export type VerificationReview = components["schemas"]["VerificationReview"];
export type VerificationStatus = components["schemas"]["VerificationRequestStatus"];
export type Decision = components["schemas"]["VerificationDecision"];

export const reviewKeys = {
  all: ["verification-review"] as const,
  queue: (status: string) => ["verification-review", "queue", status] as const,
  one: (id: number) => ["verification-review", "one", id] as const,
};

/** The queue filtered by a comma-separated status list ("" = all), oldest first. */
export function useVerificationQueue(status: string) {
  return useQuery({
    queryKey: reviewKeys.queue(status),
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/admin/verification-requests", {
        params: { query: { ...(status ? { status } : {}), pageSize: 100 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function useVerificationReview(id: number) {
  return useQuery({
    queryKey: reviewKeys.one(id),
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/admin/verification-requests/{id}", {
        params: { path: { id } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function useDecide(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: Decision) => {
      const { data, error, response } = await apiClient.POST(
        "/api/admin/verification-requests/{id}/decision",
        {
          params: { path: { id } },
          body: decision,
        },
      );
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: (data) => {
      queryClient.setQueryData(reviewKeys.one(id), data);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}

/** A fresh signed link (≤ 5 min) to a document; `inline` for the preview on the review page. */
export function useDocumentLink(requestId: number, documentId: number, disposition: "inline" | "attachment") {
  return useQuery({
    queryKey: ["verification-review", "link", requestId, documentId, disposition],
    staleTime: 60_000,
    refetchInterval: 4 * 60_000,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET(
        "/api/verification-requests/{id}/documents/{documentId}/link",
        { params: { path: { id: requestId, documentId }, query: { disposition } } },
      );
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}
