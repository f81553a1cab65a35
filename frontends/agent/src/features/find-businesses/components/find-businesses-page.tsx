/**
 * Find Businesses (spec §2.9), agent only: industry, size, location, minimum rating and verified filters, the
 * keyword box, sort and page all live in the URL query string; results come ranked from the
 * server (sort=match by default) and stay on screen while the next page or filter loads.
 */
import {
  type BusinessSearch,
  industryOptions,
  locationFilter,
  PartyFindPage,
  pageFrom,
  pick,
  useBusinessSearch,
  useCatalogue,
  useOwnAgentProfile,
  useSizeLabels,
  useUrlSearch,
} from "@closr/partner-kit";
import { useMemo } from "react";
import { useLocation } from "react-router";
import { BusinessCard } from "./business-card.tsx";

const industries = ["technology", "finance", "healthcare", "retail", "manufacturing", "other"] as const;
const sizes = ["startup", "small", "medium", "enterprise"] as const;
const locations = ["sydney", "melbourne", "brisbane", "perth", "remote", "other"] as const;
const sorts = ["match", "newest", "rating"] as const;
const ratings = ["3", "4", "5"] as const;

function searchFrom(params: URLSearchParams): BusinessSearch {
  const search: BusinessSearch = {};
  const q = params.get("q")?.trim();
  if (q) search.q = q.slice(0, 200);
  const industry = pick(params.get("industry"), industries);
  if (industry) search.industry = industry;
  const size = pick(params.get("size"), sizes);
  if (size) search.size = size;
  const location = pick(params.get("location"), locations);
  if (location) search.location = location;
  if (params.get("verified") === "true") search.verified = "true";
  const minimumRating = pick(params.get("minimumRating"), ratings);
  if (minimumRating) search.minimumRating = Number(minimumRating);
  const sort = pick(params.get("sort"), sorts);
  if (sort) search.sort = sort;
  const page = pageFrom(params.get("page"));
  if (page) search.page = page;
  return search;
}

export function FindBusinessesPage() {
  const { params, update, reset } = useUrlSearch();
  const { search: queryString } = useLocation();
  const search = useMemo(() => searchFrom(params), [params]);
  const catalogue = useCatalogue();
  const own = useOwnAgentProfile();
  const results = useBusinessSearch(search);
  const sizeLabels = useSizeLabels();
  const lists = catalogue.data;

  return (
    <PartyFindPage
      party="agent"
      hasProfile={own.data !== null}
      params={params}
      search={search}
      filters={[
        {
          key: "industry",
          label: "Industry",
          value: search.industry ?? "",
          emptyOption: "All industries",
          options: industryOptions(lists?.industries),
        },
        {
          key: "size",
          label: "Company Size",
          value: search.size ?? "",
          emptyOption: "Any size",
          options: lists?.sizes ?? [],
        },
        locationFilter(search.location, lists?.locations),
        {
          key: "minimumRating",
          label: "Minimum Rating",
          value: String(search.minimumRating ?? 0),
          clearValue: "0",
          options: [
            { value: "0", label: "Any rating" },
            { value: "3", label: "3+ stars" },
            { value: "4", label: "4+ stars" },
            { value: "5", label: "5 stars only" },
          ],
        },
      ]}
      filtersReady={lists !== undefined}
      filtersError={catalogue.error}
      sortOptions={[
        ["match", "Best match"],
        ["newest", "Newest"],
        ["rating", "Highest rated"],
      ]}
      update={update}
      reset={reset}
      results={results}
      renderItem={(business) => (
        <BusinessCard key={business.id} business={business} sizeLabels={sizeLabels} search={queryString} />
      )}
    />
  );
}
