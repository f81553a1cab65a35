/**
 * Public pages' data (issue 16): published content of a type through GET /api/content (with the
 * site's built-in entries while none is published), and the page's document title/description.
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { publicPageByPath } from "@closr/contracts/site";
import { formatDate } from "@closr/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useServerPage } from "../../../app/server-page.ts";

export type PublicEntry = components["schemas"]["ContentEntry"];
export type PublicType = components["schemas"]["ContentType"];

/** Published entries of a type, featured first; the built-in ones while none is published. */
export function usePublished(
  type: PublicType,
  options: { search?: string; category?: string; slug?: string; pageSize?: number } = {},
) {
  const { search = "", category = "", slug = "", pageSize = 50 } = options;
  return useQuery({
    queryKey: ["public-content", type, search, category, slug, pageSize],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/content", {
        params: {
          query: {
            type,
            defaults: "true",
            pageSize,
            ...(search ? { search } : {}),
            ...(category ? { category } : {}),
            ...(slug ? { slug } : {}),
          },
        },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data.items;
    },
  });
}

/** Sets document.title and the meta description (the server put the same ones in the HTML). */
export function usePageMeta(path: string, override?: { title: string; description?: string | undefined }) {
  const page = publicPageByPath(path);
  const title = override?.title ?? page?.title;
  const description = override?.description ?? page?.description;
  useServerPage({ title, description });
  useEffect(() => {
    if (title) document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
}

/** A string field of an entry's content JSON ("" when absent). */
export const field = (entry: PublicEntry, name: string): string => {
  const value = (entry.content as Record<string, unknown> | null)?.[name];
  return typeof value === "string" ? value : "";
};

/** "21 Mar 2025": the app's one date family (date-fns `d MMM yyyy`, en-AU); "" when absent. */
export const longDate = (iso: string | null | undefined) => (iso ? formatDate(iso) : "");
