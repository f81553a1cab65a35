/**
 * The agent's side of opportunities over the API (issue 44, docs/api/opportunities.md): search
 * (published only, typo-tolerant `q`, filters, 12 a page, each with its `match`), one
 * opportunity, applying (cover message 50–2,000 characters, optional proposed rate in percent),
 * the agent's applications with withdraw, and the invitations received with accept (by applying)
 * and decline. Query keys start with "opportunities"; mutations invalidate them and the
 * partnerships (whose counts include pending opportunities).
 */

import { apiClient, partnershipsKey, toApiError } from "@closr/client";
import type { components, paths } from "@closr/contracts/client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export type OpportunitySearch = NonNullable<paths["/api/opportunities"]["get"]["parameters"]["query"]>;
export type ApplicationRequest = components["schemas"]["ApplicationRequest"];

export const opportunitiesKey = ["opportunities"] as const;

/** Published opportunities matching `search`, best first. */
export function useOpportunitySearch(search: OpportunitySearch) {
  return useQuery({
    queryKey: [...opportunitiesKey, "search", search],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/opportunities", {
        params: { query: search },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** One opportunity, with how well it matches the agent. */
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

/** The agent's applications, newest first (one page of 100). */
export function useMyApplications() {
  return useQuery({
    queryKey: [...opportunitiesKey, "applications"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/applications", {
        params: { query: { pageSize: 100 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** The invitations the agent received, newest first (one page of 100). */
export function useMyInvitations() {
  return useQuery({
    queryKey: [...opportunitiesKey, "invitations"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/invitations", {
        params: { query: { pageSize: 100 } },
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

/** Applies to opportunity `id`; or, with `invitationId`, accepts that invitation by applying. */
export function useApply() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      id,
      invitationId,
      body,
    }: {
      id: number;
      invitationId?: number | undefined;
      body: ApplicationRequest;
    }) => {
      const { data, error, response } =
        invitationId === undefined
          ? await apiClient.POST("/api/opportunities/{id}/applications", { params: { path: { id } }, body })
          : await apiClient.POST("/api/invitations/{id}/accept", {
              params: { path: { id: invitationId } },
              body,
            });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: invalidate,
  });
}

/** Withdraws one of the agent's applications (until approved). */
export function useWithdrawApplication() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      const { data, error, response } = await apiClient.POST("/api/applications/{id}/withdraw", {
        params: { path: { id } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: invalidate,
  });
}

/** Declines an invitation (before its 48 hours end). */
export function useDeclineInvitation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      const { data, error, response } = await apiClient.POST("/api/invitations/{id}/decline", {
        params: { path: { id } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: invalidate,
  });
}
