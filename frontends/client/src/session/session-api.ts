/**
 * Session queries and mutations (spec §4, §7): the current user (401 → null), log in,
 * register and log out. Success stores or clears the current user in the query cache.
 */
import type { ApiUser } from "@closr/contracts/client";
import { isTimeZone } from "@closr/ui";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api/client.ts";
import { toApiError } from "../api/problem.ts";

export type UserType = ApiUser["userType"];
export type LoginInput = { username: string; password: string };
export type RegisterInput = { email: string; username: string; password: string; userType: UserType };

export const currentUserKey = ["session", "current-user"] as const;

/** GET /api/session: the signed-in user or null (200 either way, so nothing logs a 401). */
export async function getCurrentUser(): Promise<ApiUser | null> {
  const { data, error, response } = await apiClient.GET("/api/session");
  if (error !== undefined || !data) throw toApiError(error, response);
  return data.user;
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserKey, queryFn: getCurrentUser, staleTime: Number.POSITIVE_INFINITY });

/** The signed-in user, `null` when signed out, `undefined` while loading. */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const { data, error, response } = await apiClient.POST("/api/login", { body: input });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

/** The browser's IANA zone (Intl), if it names one; the server validates it again (ADR 0059). */
export function browserTimeZone(): string | undefined {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : undefined;
}

/** POST /api/register with the browser's time zone: dates are then shown in it (ADR 0059). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      const timeZone = browserTimeZone();
      const body = timeZone ? { ...input, timeZone } : input;
      const { data, error, response } = await apiClient.POST("/api/register", { body });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error, response } = await apiClient.POST("/api/logout");
      if (!response.ok) throw toApiError(error, response);
    },
    onSuccess: () => {
      queryClient.setQueryData(currentUserKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "session" });
    },
  });
}

/** Where a user of this type lands after signing in (spec §2.3). */
export function dashboardPath(userType: UserType): string {
  return userType === "business" ? "/business/dashboard" : "/agent/dashboard";
}
