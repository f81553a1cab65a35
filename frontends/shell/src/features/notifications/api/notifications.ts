/**
 * The notification centre's calls (issue 18): GET /api/notifications (newest 30 and the unread
 * count), mark one or all read. The live event stream invalidates `notificationsKey` when a
 * notification arrives, so the bell's count rises without polling.
 */

import { apiClient, toApiError, useCurrentUser } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export type NotificationList = components["schemas"]["NotificationList"];
export type Notification = components["schemas"]["Notification"];

export const notificationsKey = ["notifications"] as const;

export async function fetchNotifications(): Promise<NotificationList> {
  const { data, error, response } = await apiClient.GET("/api/notifications");
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

/** The signed-in user's notifications; disabled while signed out. */
export function useNotifications() {
  const { data: user } = useCurrentUser();
  return useQuery({ queryKey: notificationsKey, queryFn: fetchNotifications, enabled: Boolean(user) });
}

/** Marks one notification read (or all, with id "all"); the list answer replaces the cache. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | "all") => {
      const { data, error, response } =
        id === "all"
          ? await apiClient.POST("/api/notifications/read-all")
          : await apiClient.POST("/api/notifications/{id}/read", { params: { path: { id } } });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: (list) => queryClient.setQueryData(notificationsKey, list),
  });
}
