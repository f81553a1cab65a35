/**
 * Partnerships over the API (spec §4 Partnership, §7, §8; issue 4): the caller's open
 * partnerships (pending and active, one query shared by the partnership pages, the
 * dashboards and the Connect buttons), sending a connection request, and changing a
 * partnership's status. Query keys start with "partnerships"; every mutation invalidates them.
 *
 * Ids: `businessId` / `agentId` on a partnership are PROFILE ids; `user.id` inside either
 * profile is the USER id used by /messages?with=.
 */
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiClient } from "../api/client.ts";
import { ApiError, toApiError } from "../api/problem.ts";

type Schemas = components["schemas"];
type AgentProfile = Schemas["AgentProfile"];
type BusinessProfile = Schemas["BusinessProfile"];
export type Partnership = Schemas["Partnership"];
export type PartnershipStatus = Schemas["PartnershipStatus"];
export type PartnershipPage = Schemas["PartnershipPage"];
/** The caller's side; the counterpart is the other one. */
export type PartnershipSide = "business" | "agent";
/** A status change the caller may ask for: accept, reject, withdraw, end. */
export type PartnershipChange = "active" | "rejected" | "withdrawn" | "terminated";

/** The most open partnerships one page of the API holds (contract: pageSize ≤ 100). */
export const OPEN_PARTNERSHIPS_PAGE_SIZE = 100;

export const partnershipsKey = ["partnerships"] as const;
const openPartnershipsKey = [...partnershipsKey, "open"] as const;

/**
 * The caller's pending and active partnerships (newest first, up to 100) with their counts
 * (`counts.active`, `counts.pending`: the caller's, whatever the filter). An empty list
 * until the caller has a profile.
 */
export function usePartnerships(enabled = true) {
  return useQuery({
    queryKey: openPartnershipsKey,
    enabled,
    queryFn: async (): Promise<PartnershipPage> => {
      const { data, error, response } = await apiClient.GET("/api/partnerships", {
        params: { query: { status: "pending,active", pageSize: OPEN_PARTNERSHIPS_PAGE_SIZE } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/**
 * True when `partnership` waits on the caller: a pending request the counterpart sent
 * (direction "incoming"). The caller's own pending requests wait on the counterpart.
 */
export function isAwaitingCaller(partnership: Partnership): boolean {
  return partnership.status === "pending" && partnership.direction === "incoming";
}

/**
 * The caller's active partnerships (the side menu's badge on Active Agents / Current Partners):
 * `counts.active` of the open-partnerships list, the figure the dashboard's tile shows, so the
 * two always agree. 0 while loading, after a failure or when `enabled` is false.
 */
export function useActivePartnershipCount(enabled = true): number {
  const open = usePartnerships(enabled);
  if (!enabled || !open.data) return 0;
  return open.data.counts.active;
}

/**
 * How many pending requests wait on the caller (the dashboard's "n connection requests are
 * waiting for your answer"), counted from the open-partnerships list (`counts.pending` also
 * counts the caller's own outgoing requests). 0 while loading, after a failure or when `enabled`
 * is false. Counts within the first 100 open partnerships (the list's one page).
 */
export function usePendingIncomingCount(enabled = true): number {
  const open = usePartnerships(enabled);
  if (!enabled || !open.data) return 0;
  return open.data.items.filter(isAwaitingCaller).length;
}

/** The other party of a partnership, seen from `side`. */
export function counterpartOf(
  partnership: Partnership,
  side: PartnershipSide,
): { kind: "agent"; profile: AgentProfile } | { kind: "business"; profile: BusinessProfile } {
  return side === "business"
    ? { kind: "agent", profile: partnership.agent }
    : { kind: "business", profile: partnership.business };
}

/** The display name of the counterpart: the agent's full name or the company name. */
export function counterpartName(partnership: Partnership, side: PartnershipSide): string {
  return side === "business" ? partnership.agent.fullName : partnership.business.companyName;
}

/**
 * The caller's open partnership with each counterpart, keyed by the counterpart's PROFILE id,
 * for the Connect buttons ("Requested", "Partner"). `isLoading` while the first answer is due.
 */
export function usePartnershipStandings(side: PartnershipSide, enabled = true) {
  const open = usePartnerships(enabled);
  const byCounterpart = useMemo(() => {
    const map = new Map<number, Partnership>();
    for (const partnership of open.data?.items ?? []) {
      map.set(side === "business" ? partnership.agentId : partnership.businessId, partnership);
    }
    return map;
  }, [open.data, side]);
  return { byCounterpart, isLoading: open.isPending && enabled };
}

/** Sends a connection request to the counterpart profile `profileId` (POST /api/partnerships). */
export function useConnect(side: PartnershipSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (profileId: number): Promise<Partnership> => {
      const body = side === "business" ? { agentId: profileId } : { businessId: profileId };
      const { data, error, response } = await apiClient.POST("/api/partnerships", { body });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnershipsKey }),
  });
}

/** Accepts, rejects, withdraws or ends a partnership (PATCH /api/partnerships/{id}). */
export function useChangePartnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: PartnershipChange }): Promise<Partnership> => {
      const { data, error, response } = await apiClient.PATCH("/api/partnerships/{id}", {
        params: { path: { id } },
        body: { status },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnershipsKey }),
  });
}

/** True when `error` is the API problem `/problems/<code>`. */
export function isProblemType(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.problem.type === `/problems/${code}`;
}
