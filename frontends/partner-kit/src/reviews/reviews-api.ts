/** Reviews API (issue 22): the caller's reviews, submit, reply, report, a user's reputation. */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

type Schemas = components["schemas"];
export type Review = Schemas["Review"];
export type MyReviews = Schemas["MyReviews"];
export type Reputation = Schemas["Reputation"];
export type CreateReviewInput = Schemas["CreateReviewRequest"];

export const reviewsKey = ["reviews"] as const;

/** GET /api/reviews: received (public), blind count, given and awaiting. */
export function useMyReviews() {
  return useQuery({
    queryKey: [...reviewsKey, "mine"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/reviews");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** GET /api/users/{id}/reviews: reputation figures and the newest public reviews. */
export function useUserReviews(userId: number | undefined) {
  return useQuery({
    queryKey: [...reviewsKey, "user", userId ?? 0],
    enabled: userId !== undefined,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/users/{id}/reviews", {
        params: { path: { id: userId ?? 0 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** Submits, replies and reports; each refreshes every reviews query. */
export function useReviewActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: reviewsKey });
  const submit = useMutation({
    mutationFn: async ({ partnershipId, input }: { partnershipId: number; input: CreateReviewInput }) => {
      const { data, error, response } = await apiClient.POST("/api/partnerships/{id}/reviews", {
        params: { path: { id: partnershipId } },
        body: input,
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSettled,
  });
  const reply = useMutation({
    mutationFn: async ({ id, text }: { id: number; text: string }) => {
      const { data, error, response } = await apiClient.POST("/api/reviews/{id}/reply", {
        params: { path: { id } },
        body: { text },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSettled,
  });
  const report = useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) => {
      const { data, error, response } = await apiClient.POST("/api/reviews/{id}/report", {
        params: { path: { id } },
        body: { reason },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSettled,
  });
  return { submit, reply, report };
}
