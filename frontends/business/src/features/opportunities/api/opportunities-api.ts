/**
 * The business's opportunities over the API (issue 44, docs/api/opportunities.md): its own list
 * (any state, newest first), one opportunity, create / replace (a draft), publish, pause, resume,
 * close, and the applicants ranked by match score with the steps shortlist, interview, approve,
 * decline. Query keys start with "opportunities"; mutations invalidate them (an approval also the
 * partnerships, whose list gains the new one).
 */

import { apiClient, partnershipsKey, toApiError } from "@closr/client";
import type { OpportunityRequest } from "@closr/partner-kit";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export const opportunitiesKey = ["opportunities"] as const;

/** The business's own opportunities, newest first (one page of 100). */
export function useOwnOpportunities() {
  return useQuery({
    queryKey: [...opportunitiesKey, "mine"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/opportunities/mine", {
        params: { query: { pageSize: 100 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** One opportunity (404 for another business's draft). */
export function useOpportunity(id: number) {
  return useQuery({
    queryKey: [...opportunitiesKey, id],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/opportunities/{id}", {
        params: { path: { id } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** The opportunity's applicants, ranked by match score (each with `match.reasons`). */
export function useApplicants(id: number) {
  return useQuery({
    queryKey: [...opportunitiesKey, id, "applications"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/opportunities/{id}/applications", {
        params: { path: { id }, query: { pageSize: 100 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: opportunitiesKey });
    void queryClient.invalidateQueries({ queryKey: partnershipsKey });
  };
}

/** Saves the fields: a new draft (no `id`) or a replacement of opportunity `id`. */
export function useSaveOpportunity() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: OpportunityRequest }) => {
      const { data, error, response } =
        id === null
          ? await apiClient.POST("/api/opportunities", { body })
          : await apiClient.PUT("/api/opportunities/{id}", { params: { path: { id } }, body });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: invalidate,
  });
}

export type OpportunityStep = "publish" | "pause" | "resume" | "close";

/** Moves an opportunity on: draft → published ⇄ paused → closed. */
export function useOpportunityStep() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, step }: { id: number; step: OpportunityStep }) => {
      const { data, error, response } = await apiClient.POST(`/api/opportunities/{id}/${step}`, {
        params: { path: { id } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: invalidate,
  });
}

export type ApplicationStep = "shortlist" | "interview" | "approve" | "decline";

/** Moves an applicant on; approving starts the partnership (`partnershipId`). */
export function useApplicationStep() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, step }: { id: number; step: ApplicationStep }) => {
      const { data, error, response } = await apiClient.POST(`/api/applications/{id}/${step}`, {
        params: { path: { id } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: invalidate,
  });
}
