/** The help centre's queries (GET /api/help/…): topics and articles, one article, search. */
import { apiClient, toApiError } from "@closr/client";
import { useQuery } from "@tanstack/react-query";

/** Topics and every article's summary, by topic. */
export function useHelpIndex() {
  return useQuery({
    queryKey: ["help", "index"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/help/articles");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** One article with its rendered body; `null` when there is no article of that slug (404). */
export function useHelpArticle(slug: string) {
  return useQuery({
    queryKey: ["help", "article", slug],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/help/articles/{slug}", {
        params: { path: { slug } },
      });
      if (response.status === 404) return null;
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** Search hits for `q` (nothing asked while `q` is empty). */
export function useHelpSearch(q: string) {
  return useQuery({
    queryKey: ["help", "search", q],
    enabled: q.length > 0,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/help/search", { params: { query: { q } } });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data.hits;
    },
  });
}
