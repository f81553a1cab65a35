/**
 * Profiles and discovery over the API (spec §7, docs/architecture.md "Search ... on the server"):
 * the catalogue, the caller's own profile (404 → null), ranked searches of the other side,
 * one profile by id, and create/edit mutations. Query keys start with "profiles".
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";

type Schemas = components["schemas"];
export type BusinessProfile = Schemas["BusinessProfile"];
export type AgentProfile = Schemas["AgentProfile"];
export type Catalogue = Schemas["Catalogue"];
export type Skill = Schemas["Skill"];
export type Match = Schemas["Match"];
export type Industry = Schemas["Industry"];
export type BusinessSize = Schemas["BusinessSize"];
export type Location = Schemas["Location"];
export type ExperienceBand = Schemas["ExperienceBand"];
export type CreateBusinessProfileInput = Schemas["CreateBusinessProfileRequest"];
export type CreateAgentProfileInput = Schemas["CreateAgentProfileRequest"];
export type UpdateBusinessProfileInput = Schemas["UpdateBusinessProfileRequest"];
export type UpdateAgentProfileInput = Schemas["UpdateAgentProfileRequest"];
export type ProfilePage<T> = {
  items: T[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
};

/** Agent search as the URL and the API spell it (every value optional). */
export type AgentSearch = {
  q?: string;
  specialization?: string;
  location?: Location;
  experience?: ExperienceBand;
  minimumCommissionRate?: number;
  verified?: "true";
  sort?: "match" | "newest" | "experience" | "rating";
  page?: number;
};

export type BusinessSearch = {
  q?: string;
  industry?: Industry;
  size?: BusinessSize;
  location?: Location;
  verified?: "true";
  minimumRating?: number;
  sort?: "match" | "newest" | "rating";
  page?: number;
};

export const PAGE_SIZE = 12;

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: ["profiles", "catalogue"],
    queryFn: async (): Promise<Catalogue> => {
      const { data, error, response } = await apiClient.GET("/api/catalogue");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The catalogue of industries, sizes, locations, search options and skills. */
export function useCatalogue() {
  return useQuery(catalogueQueryOptions());
}

/** Each skill's emoji by skill name (empty until the catalogue has loaded). */
export function useSkillEmojis(): Map<string, string> {
  const catalogue = useCatalogue();
  return useMemo(
    () => new Map(catalogue.data?.skills.map((skill) => [skill.name, skill.emoji]) ?? []),
    [catalogue.data],
  );
}

/** Each company size's label by value ("small" → "11-50 employees"; empty until loaded). */
export function useSizeLabels(): Map<string, string> {
  const catalogue = useCatalogue();
  return useMemo(
    () => new Map(catalogue.data?.sizes.map((size) => [size.value, size.label]) ?? []),
    [catalogue.data],
  );
}

export const ownBusinessProfileKey = ["profiles", "own", "business"] as const;
export const ownAgentProfileKey = ["profiles", "own", "agent"] as const;

function isPage<T>(value: T | ProfilePage<T>): value is ProfilePage<T> {
  return typeof value === "object" && value !== null && "items" in value;
}

/** The signed-in business's own profile; null when it has none yet (404). */
export function useOwnBusinessProfile(enabled = true) {
  return useQuery({
    queryKey: ownBusinessProfileKey,
    enabled,
    queryFn: async (): Promise<BusinessProfile | null> => {
      const { data, error, response } = await apiClient.GET("/api/business-profiles/me");
      if (response.status === 404) return null;
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** The signed-in agent's own profile; null when it has none yet (404). */
export function useOwnAgentProfile(enabled = true) {
  return useQuery({
    queryKey: ownAgentProfileKey,
    enabled,
    queryFn: async (): Promise<AgentProfile | null> => {
      const { data, error, response } = await apiClient.GET("/api/agent-profiles/me");
      if (response.status === 404) return null;
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** A business's search of agents; the previous page stays on screen while the next loads. */
export function useAgentSearch(search: AgentSearch, pageSize = PAGE_SIZE, enabled = true) {
  return useQuery({
    queryKey: ["profiles", "search", "agents", search, pageSize],
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async (): Promise<ProfilePage<AgentProfile>> => {
      const { data, error, response } = await apiClient.GET("/api/agent-profiles", {
        params: { query: { ...search, pageSize } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      if (!isPage(data)) throw new Error("Only businesses can search agents");
      return data;
    },
  });
}

/** An agent's search of businesses; the previous page stays on screen while the next loads. */
export function useBusinessSearch(search: BusinessSearch, pageSize = PAGE_SIZE, enabled = true) {
  return useQuery({
    queryKey: ["profiles", "search", "businesses", search, pageSize],
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async (): Promise<ProfilePage<BusinessProfile>> => {
      const { data, error, response } = await apiClient.GET("/api/business-profiles", {
        params: { query: { ...search, pageSize } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      if (!isPage(data)) throw new Error("Only agents can search businesses");
      return data;
    },
  });
}

export function useAgentProfile(id: number) {
  return useQuery({
    queryKey: ["profiles", "agent", id],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async (): Promise<AgentProfile> => {
      const { data, error, response } = await apiClient.GET("/api/agent-profiles/{id}", {
        params: { path: { id } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export function useBusinessProfile(id: number) {
  return useQuery({
    queryKey: ["profiles", "business", id],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async (): Promise<BusinessProfile> => {
      const { data, error, response } = await apiClient.GET("/api/business-profiles/{id}", {
        params: { path: { id } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** After a profile changes, its own query holds the new value and every search is refetched. */
function useProfileSaved(key: readonly string[]) {
  const queryClient = useQueryClient();
  return (profile: unknown) => {
    queryClient.setQueryData(key, profile);
    void queryClient.invalidateQueries({ queryKey: ["profiles", "search"] });
  };
}

export function useCreateBusinessProfile() {
  const onSuccess = useProfileSaved(ownBusinessProfileKey);
  return useMutation({
    mutationFn: async (input: CreateBusinessProfileInput) => {
      const { data, error, response } = await apiClient.POST("/api/business-profiles", { body: input });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess,
  });
}

export function useUpdateBusinessProfile() {
  const onSuccess = useProfileSaved(ownBusinessProfileKey);
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: UpdateBusinessProfileInput }) => {
      const { data, error, response } = await apiClient.PATCH("/api/business-profiles/{id}", {
        params: { path: { id } },
        body: input,
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess,
  });
}

export function useCreateAgentProfile() {
  const onSuccess = useProfileSaved(ownAgentProfileKey);
  return useMutation({
    mutationFn: async (input: CreateAgentProfileInput) => {
      const { data, error, response } = await apiClient.POST("/api/agent-profiles", { body: input });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess,
  });
}

export function useUpdateAgentProfile() {
  const onSuccess = useProfileSaved(ownAgentProfileKey);
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: UpdateAgentProfileInput }) => {
      const { data, error, response } = await apiClient.PATCH("/api/agent-profiles/{id}", {
        params: { path: { id } },
        body: input,
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess,
  });
}
