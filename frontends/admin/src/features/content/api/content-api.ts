/** Admin API for content, media, users, contact messages and dashboard counts (issue 16). */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export type ContentEntry = components["schemas"]["ContentEntry"];
export type ContentType = components["schemas"]["ContentType"];
export type ContentInput = components["schemas"]["ContentInput"];
export type MediaItem = components["schemas"]["MediaItem"];
export type ManagedUser = components["schemas"]["ManagedUser"];

export const contentKeys = {
  all: ["admin-content"] as const,
  list: (type: string, search: string, page: number) =>
    ["admin-content", "list", type, search, page] as const,
  one: (id: number) => ["admin-content", "one", id] as const,
  stats: ["admin-stats"] as const,
  media: (search: string, page: number) => ["admin-media", search, page] as const,
  users: (search: string, page: number) => ["admin-users", search, page] as const,
  contact: (page: number) => ["admin-contact", page] as const,
};

const unwrap = <T>(result: { data?: T; error?: unknown; response: Response }): T => {
  if (result.error !== undefined || result.data === undefined)
    throw toApiError(result.error, result.response);
  return result.data;
};

export const PAGE_SIZE = 20;

/** One type's entries, drafts included, newest first. */
export function useContentList(type: ContentType, search: string, page: number) {
  return useQuery({
    queryKey: contentKeys.list(type, search, page),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await apiClient.GET("/api/content", {
          params: {
            query: { type, status: "all", page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) },
          },
        }),
      ),
  });
}

export function useContentEntry(id: number | null) {
  return useQuery({
    queryKey: contentKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: async () =>
      unwrap(await apiClient.GET("/api/content/{id}", { params: { path: { id: id ?? 0 } } })),
  });
}

/** Creates (id null) or updates (from `version`) an entry. */
export function useSaveContent(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, version }: { input: ContentInput; version: number }) =>
      id === null
        ? unwrap(await apiClient.POST("/api/content", { body: input }))
        : unwrap(
            await apiClient.PUT("/api/content/{id}", {
              params: { path: { id } },
              body: { ...input, version },
            }),
          ),
    onSuccess: (entry) => {
      queryClient.setQueryData(contentKeys.one(entry.id), entry);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
      void queryClient.invalidateQueries({ queryKey: contentKeys.stats });
    },
  });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const result = await apiClient.DELETE("/api/content/{id}", { params: { path: { id } } });
      if (result.error !== undefined) throw toApiError(result.error, result.response);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
      void queryClient.invalidateQueries({ queryKey: contentKeys.stats });
    },
  });
}

export async function previewMarkdown(markdown: string): Promise<string> {
  return unwrap(await apiClient.POST("/api/admin/content/preview", { body: { markdown } })).html;
}

export function useAdminStats() {
  return useQuery({
    queryKey: contentKeys.stats,
    queryFn: async () => unwrap(await apiClient.GET("/api/admin/stats")),
  });
}

export function useMediaList(search: string, page: number, pageSize = 24) {
  return useQuery({
    queryKey: [...contentKeys.media(search, page), pageSize],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await apiClient.GET("/api/admin/media", {
          params: { query: { page, pageSize, ...(search ? { search } : {}) } },
        }),
      ),
  });
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, alt }: { file: File; alt: string }) => {
      const form = new FormData();
      form.set("file", file);
      form.set("alt", alt);
      const response = await fetch("/api/admin/media", {
        method: "POST",
        body: form,
        credentials: "same-origin",
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw toApiError(body, response);
      return body as MediaItem;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["admin-media"] });
      void queryClient.invalidateQueries({ queryKey: contentKeys.stats });
    },
  });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const result = await apiClient.DELETE("/api/admin/media/{id}", { params: { path: { id } } });
      if (result.error !== undefined) throw toApiError(result.error, result.response);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["admin-media"] });
      void queryClient.invalidateQueries({ queryKey: contentKeys.stats });
    },
  });
}

export function useUsers(search: string, page: number) {
  return useQuery({
    queryKey: contentKeys.users(search, page),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await apiClient.GET("/api/admin/users", {
          params: { query: { page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) } },
        }),
      ),
  });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      action: { id: number; suspended: boolean } | { id: number; role: "member" | "admin" },
    ) =>
      "suspended" in action
        ? unwrap(
            await apiClient.PUT("/api/admin/users/{id}/suspension", {
              params: { path: { id: action.id } },
              body: { suspended: action.suspended },
            }),
          )
        : unwrap(
            await apiClient.PUT("/api/admin/users/{id}/role", {
              params: { path: { id: action.id } },
              body: { role: action.role },
            }),
          ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["admin-users"] });
    },
  });
}

export function useContactMessages(page: number) {
  return useQuery({
    queryKey: contentKeys.contact(page),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await apiClient.GET("/api/admin/contact-messages", {
          params: { query: { page, pageSize: PAGE_SIZE } },
        }),
      ),
  });
}

export type AuditRecord = components["schemas"]["AuditRecord"];
export interface AuditFilter {
  action: string;
  subjectType: string;
  actor: string;
}

export function useAuditLog(filter: AuditFilter, page: number) {
  return useQuery({
    queryKey: ["admin-audit", filter, page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await apiClient.GET("/api/admin/audit-log", {
          params: {
            query: {
              page,
              pageSize: 50,
              ...(filter.action ? { action: filter.action } : {}),
              ...(filter.subjectType ? { subjectType: filter.subjectType } : {}),
              ...(filter.actor ? { actor: filter.actor } : {}),
            },
          },
        }),
      ),
  });
}
