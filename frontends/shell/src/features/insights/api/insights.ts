/**
 * /analytics and /performance calls (issue 18) through the generated client. The range lives in
 * the URL (?range=3m, or custom with from/to), so a page can be shared and reloaded.
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

export type BusinessAnalytics = components["schemas"]["BusinessAnalytics"];
export type AgentPerformance = components["schemas"]["AgentPerformance"];
export type RangePreset = "month" | "3m" | "12m" | "custom";

export interface RangeQuery {
  range: RangePreset;
  from?: string | undefined;
  to?: string | undefined;
  compare?: boolean | undefined;
}

const queryOf = (q: RangeQuery) => ({
  range: q.range,
  ...(q.range === "custom" && q.from ? { from: q.from } : {}),
  ...(q.range === "custom" && q.to ? { to: q.to } : {}),
  ...(q.compare ? { compare: "true" as const } : {}),
});

export function useAnalytics(q: RangeQuery) {
  return useQuery({
    queryKey: ["insights", "analytics", queryOf(q)],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/analytics", {
        params: { query: queryOf(q) },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    placeholderData: keepPreviousData,
  });
}

export function usePerformance(q: RangeQuery) {
  return useQuery({
    queryKey: ["insights", "performance", queryOf(q)],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/performance", {
        params: { query: queryOf({ ...q, compare: false }) },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    placeholderData: keepPreviousData,
  });
}

/** The CSV export's URL for the same range (Enterprise). */
export const exportHref = (q: RangeQuery) =>
  `/api/analytics/export?${new URLSearchParams(queryOf({ ...q, compare: false })).toString()}`;
