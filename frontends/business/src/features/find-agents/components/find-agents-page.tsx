/**
 * Find Agents (spec §2.8), business only: filters, keyword, sort and page all live in the
 * URL query string; results come ranked from the server (sort=match by default) and stay
 * on screen while the next page or filter loads.
 */
import {
  type AgentSearch,
  commissionOptionLabel,
  experienceBandLabel,
  locationFilter,
  PartyFindPage,
  pageFrom,
  pick,
  useAgentSearch,
  useCatalogue,
  useOwnBusinessProfile,
  useSkillEmojis,
  useUrlSearch,
} from "@closr/partner-kit";
import { useMemo } from "react";
import { useLocation } from "react-router";
import { AgentCard } from "./agent-card.tsx";

const locations = ["sydney", "melbourne", "brisbane", "perth", "remote", "other"] as const;
const bands = ["0-2", "3-5", "6-10", "10+"] as const;
const sorts = ["match", "newest", "experience", "rating"] as const;
const commissions = ["5", "10", "15", "20"] as const;

function searchFrom(params: URLSearchParams): AgentSearch {
  const search: AgentSearch = {};
  const q = params.get("q")?.trim();
  if (q) search.q = q.slice(0, 200);
  const specialization = params.get("specialization")?.trim();
  if (specialization) search.specialization = specialization.slice(0, 200);
  const location = pick(params.get("location"), locations);
  if (location) search.location = location;
  const experience = pick(params.get("experience"), bands);
  if (experience) search.experience = experience;
  const commission = pick(params.get("minimumCommissionRate"), commissions);
  if (commission) search.minimumCommissionRate = Number(commission);
  if (params.get("verified") === "true") search.verified = "true";
  const sort = pick(params.get("sort"), sorts);
  if (sort) search.sort = sort;
  const page = pageFrom(params.get("page"));
  if (page) search.page = page;
  return search;
}

export function FindAgentsPage() {
  const { params, update, reset } = useUrlSearch();
  const { search: queryString } = useLocation();
  const search = useMemo(() => searchFrom(params), [params]);
  const catalogue = useCatalogue();
  const own = useOwnBusinessProfile();
  const results = useAgentSearch(search);
  const emojiByName = useSkillEmojis();
  const lists = catalogue.data;

  return (
    <PartyFindPage
      party="business"
      hasProfile={own.data !== null}
      params={params}
      search={search}
      filters={[
        {
          key: "specialization",
          label: "Specialisation",
          value: search.specialization ?? "",
          emptyOption: "All specialisations",
          options: (lists?.specializations ?? []).map((value) => ({ value, label: value })),
        },
        locationFilter(search.location, lists?.locations),
        {
          key: "experience",
          label: "Experience",
          value: search.experience ?? "",
          emptyOption: "Any experience",
          options: (lists?.experienceBands ?? []).map((value) => ({
            value,
            label: experienceBandLabel(value),
          })),
        },
        {
          key: "minimumCommissionRate",
          label: "Minimum Commission",
          value: String(search.minimumCommissionRate ?? 0),
          clearValue: "0",
          options: (lists?.commissionOptions ?? []).map((value) => ({
            value: String(value),
            label: commissionOptionLabel(value),
          })),
        },
      ]}
      filtersReady={lists !== undefined}
      filtersError={catalogue.error}
      sortOptions={[
        ["match", "Best match"],
        ["newest", "Newest"],
        ["experience", "Most experienced"],
        ["rating", "Highest rated"],
      ]}
      update={update}
      reset={reset}
      results={results}
      renderItem={(agent) => (
        <AgentCard key={agent.id} agent={agent} emojiByName={emojiByName} search={queryString} />
      )}
    />
  );
}
