/** Admin API for the job queue view (issue 21): GET /api/admin/jobs, POST /api/admin/jobs/{id}/retry. */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export type QueueJob = components["schemas"]["QueueJob"];
export type JobState = components["schemas"]["JobState"];
export type QueueJobList = components["schemas"]["QueueJobList"];

export const jobStates: readonly JobState[] = ["queued", "running", "retried", "failed", "done"];

const unwrap = <T>(result: { data?: T; error?: unknown; response: Response }): T => {
  if (result.error !== undefined || result.data === undefined)
    throw toApiError(result.error, result.response);
  return result.data;
};

/** Counts and the newest jobs for the filter; refreshed every 5 s while the page is open. */
export function useQueueJobs(filter: { kind: string; state: string }) {
  return useQuery({
    queryKey: ["admin-jobs", filter],
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
    queryFn: async () =>
      unwrap(
        await apiClient.GET("/api/admin/jobs", {
          params: {
            query: {
              limit: 100,
              ...(filter.kind ? { kind: filter.kind } : {}),
              ...(filter.state ? { state: filter.state as JobState } : {}),
            },
          },
        }),
      ),
  });
}

/** Retries a failed job; refreshes the list. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await apiClient.POST("/api/admin/jobs/{id}/retry", { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin-jobs"] }),
  });
}
