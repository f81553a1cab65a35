/** Staff review API (issue 12): the queue, one request, decisions and signed document links. */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export type VerificationReview = components["schemas"]["VerificationReview"];
export type VerificationStatus = components["schemas"]["VerificationRequestStatus"];
export type Decision = components["schemas"]["VerificationDecision"];

/**
 * Query keys: the queue and the requests under `all` (a decision refreshes them); the signed
 * document links under a root of their own, so a decision never re-signs them (issue 46: a new
 * link reloaded the PDF preview, and Chromium's PDF viewer takes the focus when it loads, so the
 * staff's Reason lost its keys).
 */
export const reviewKeys = {
  all: ["verification-review"] as const,
  queue: (status: string) => ["verification-review", "queue", status] as const,
  one: (id: number) => ["verification-review", "one", id] as const,
  link: (requestId: number, documentId: number, disposition: "inline" | "attachment") =>
    ["verification-document-link", requestId, documentId, disposition] as const,
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

/**
 * A signed link (≤ 5 min) to a document. `attachment` (the download link) is renewed every 4 min,
 * so it always works. `inline` (the preview's `src`) is fetched once while the preview is shown and
 * never renewed, refetched or re-signed: the preview has loaded its document by then, and a new
 * `src` would reload it, and the PDF viewer would take the focus from whatever the staff member is
 * typing (issue 46). Dropped from the cache as the preview goes, so the next one gets a fresh link.
 */
export function useDocumentLink(requestId: number, documentId: number, disposition: "inline" | "attachment") {
  return useQuery({
    queryKey: reviewKeys.link(requestId, documentId, disposition),
    ...(disposition === "inline"
      ? { staleTime: Number.POSITIVE_INFINITY, gcTime: 0 }
      : { staleTime: 60_000, refetchInterval: 4 * 60_000 }),
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
