/**
 * Account queries and mutations (issue 15): password recovery, email verification, settings,
 * privacy rights and onboarding, all through the generated client.
 */

import { apiClient, currentUserKey, toApiError } from "@closr/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

const ok = <T>(result: { data?: T; error?: unknown; response: Response }): T => {
  if (!result.response.ok) throw toApiError(result.error, result.response);
  return result.data as T;
};

export const useForgotPassword = () =>
  useMutation({
    mutationFn: async (email: string) =>
      ok(await apiClient.POST("/api/forgot-password", { body: { email } })),
  });

/** GET /api/verify-reset-token: resolves when valid, throws the problem otherwise. */
export const useResetTokenCheck = (token: string | null) =>
  useQuery({
    queryKey: ["account", "reset-token", token],
    enabled: Boolean(token),
    retry: false,
    queryFn: async () =>
      ok(await apiClient.GET("/api/verify-reset-token", { params: { query: { token: token ?? "" } } })),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      ok(await apiClient.POST("/api/reset-password", { body: input })),
  });

export const useVerifyEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => ok(await apiClient.POST("/api/verify-email", { body: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
};

export const useConfirmEmailChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      ok(await apiClient.POST("/api/account/email/confirm", { body: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
};

export const useResendVerification = () =>
  useMutation({ mutationFn: async () => ok(await apiClient.POST("/api/email-verification")) });

export const useChangeEmail = () =>
  useMutation({
    mutationFn: async (input: { newEmail: string; password: string }) =>
      ok(await apiClient.POST("/api/account/email", { body: input })),
  });

export const sessionsKey = ["account", "sessions"] as const;

export const useSessions = () =>
  useQuery({ queryKey: sessionsKey, queryFn: async () => ok(await apiClient.GET("/api/account/sessions")) });

export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) =>
      ok(await apiClient.POST("/api/account/password", { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};

/** Ends every session (this one too) and clears the signed-in user. */
export const useSignOutEverywhere = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = await apiClient.DELETE("/api/account/sessions");
      if (!result.response.ok) throw toApiError(result.error, result.response);
    },
    onSuccess: () => {
      queryClient.setQueryData(currentUserKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "session" });
    },
  });
};

export type NotificationPreferences = {
  connectionRequests: boolean;
  acceptances: boolean;
  invoices: boolean;
  payments: boolean;
  messagesDigest: boolean;
};

const preferencesKey = ["account", "notification-preferences"] as const;

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: preferencesKey,
    queryFn: async () => ok(await apiClient.GET("/api/account/notification-preferences")),
  });

export const useUpdateNotificationPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: Partial<NotificationPreferences>) =>
      ok(await apiClient.PATCH("/api/account/notification-preferences", { body: patch })),
    onSuccess: (data) => queryClient.setQueryData(preferencesKey, data),
  });
};

/** PUT /api/account/time-zone: stores the zone and puts the answered user in the session cache. */
export const useSetTimeZone = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (timeZone: string) =>
      ok(await apiClient.PUT("/api/account/time-zone", { body: { timeZone } })),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
};

export const useRequestDataExport = () =>
  useMutation({ mutationFn: async () => ok(await apiClient.POST("/api/account/export")) });

export const useDeleteAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      const result = await apiClient.POST("/api/account/delete", { body: { password } });
      if (!result.response.ok) throw toApiError(result.error, result.response);
    },
    onSuccess: () => {
      queryClient.setQueryData(currentUserKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "session" });
    },
  });
};

export const onboardingKey = ["account", "onboarding"] as const;

/** GET /api/onboarding, creating it (POST) with `totalSteps` on first load (spec §4). */
export const useOnboarding = (totalSteps: number, enabled: boolean) =>
  useQuery({
    queryKey: onboardingKey,
    enabled,
    retry: false,
    queryFn: async () => {
      const found = await apiClient.GET("/api/onboarding");
      if (found.response.status === 401) return null;
      if (found.response.ok && found.data) return found.data;
      if (found.response.status !== 404) throw toApiError(found.error, found.response);
      return ok(
        await apiClient.POST("/api/onboarding", {
          body: { totalSteps, metadata: { timestamp: new Date().toISOString() } },
        }),
      );
    },
  });

export const useOnboardingProgress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { step: number; completed: boolean }) =>
      ok(await apiClient.PATCH("/api/onboarding/progress", { body: input })),
    onSuccess: (data) => queryClient.setQueryData(onboardingKey, data),
  });
};

export const useCompleteOnboarding = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { dismissed: boolean; totalSteps: number }) =>
      ok(await apiClient.PATCH("/api/onboarding/complete", { body: input })),
    onSuccess: (data) => queryClient.setQueryData(onboardingKey, data),
  });
};
