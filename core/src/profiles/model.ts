/**
 * Profiles model: business and agent profiles (spec §3), each with its owner's public fields.
 */

import type { AgentProfileId, BusinessProfileId, UserId } from "../shared/ids.ts";
import type { Paging, Page as SharedPage } from "../shared/paging.ts";
import type { RatingSummary } from "../shared/reputation.ts";
import type { BusinessSize, ExperienceBand, Industry, Location } from "./catalogue.ts";

export interface ProfileOwner {
  readonly userId: UserId;
  readonly username: string;
  readonly verificationStatus: "unverified" | "pending" | "verified";
  /** Verified AND the owner's plan grants the badge (subscription's showsVerifiedBadge; ADR 0042). */
  readonly verifiedBadge?: boolean;
}

export interface BusinessProfileFields {
  readonly companyName: string;
  readonly industry: Industry;
  readonly size: BusinessSize;
  readonly description: string | null;
  readonly location: Location;
  readonly logo: string | null;
  readonly website: string | null;
  readonly contactEmail: string | null;
  readonly contactPhone: string | null;
}

export interface BusinessProfile extends BusinessProfileFields {
  readonly id: BusinessProfileId;
  readonly userId: UserId;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly owner: ProfileOwner;
  /** The owner's published reviews (issue 22); absent in fixtures that predate reviews. */
  readonly rating?: RatingSummary;
}

export interface AgentProfileFields {
  readonly fullName: string;
  readonly specialization: string;
  /** Whole years, ≥ 0. */
  readonly yearsOfExperience: number;
  readonly bio: string | null;
  readonly location: Location;
  readonly photo: string | null;
  readonly linkedinProfile: string | null;
  /** Percent, 0–100 (spec §5, default 10). */
  readonly minimumCommissionRate: number;
  /** Skill names from the catalogue, at most 10, no repeats. */
  readonly skills: readonly string[];
}

export interface AgentProfile extends AgentProfileFields {
  readonly id: AgentProfileId;
  readonly userId: UserId;
  /** Featured listing (Agent Pro entitlement, spec §9); false until subscriptions exist. */
  readonly featured: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly owner: ProfileOwner;
  /** The owner's published reviews (issue 22); absent in fixtures that predate reviews. */
  readonly rating?: RatingSummary;
}

/** A match score 0–100 and up to three human reasons, best first. */
export interface Match {
  readonly score: number;
  readonly reasons: readonly string[];
}

/**
 * Orders (ADR 0005, ADR 0013, ADR 0036). "match" with keywords: typos (exact first), text
 * relevance by field, then match score and reputation (repositories/profiles.ts
 * keywordRankingKeys); without: match score, then reputation, then featured. "rating": Bayesian average, then review count.
 */
export type AgentSort = "match" | "newest" | "experience" | "rating";
export type BusinessSort = "match" | "newest" | "rating";

export interface AgentSearch extends Paging {
  readonly keywords: readonly string[];
  readonly specialization?: string | undefined;
  readonly location?: Location | undefined;
  readonly experience?: ExperienceBand | undefined;
  /** Agents whose minimum commission rate is at least this percent. */
  readonly minimumCommissionRate?: number | undefined;
  readonly verifiedOnly: boolean;
  readonly sort: AgentSort;
}

export interface BusinessSearch extends Paging {
  readonly keywords: readonly string[];
  readonly industry?: Industry | undefined;
  readonly size?: BusinessSize | undefined;
  readonly location?: Location | undefined;
  readonly verifiedOnly: boolean;
  /** Businesses whose average rating is at least this (1–5); unrated ones are left out. */
  readonly minimumRating?: number | undefined;
  readonly sort: BusinessSort;
}

/** A search page: counts are capped (searchTotalCap). */
export interface Page<T> extends SharedPage<T> {
  /** True when more than `total` (the cap) match. */
  readonly totalCapped: boolean;
}

/**
 * Keyword terms from free text: lower-cased runs of letters and digits (any script), at most
 * 8 terms of at most 40 characters. Everything else (quotes, &, |, !, :*, backslashes) is a
 * separator, so no query syntax ever reaches the database.
 */
export function keywordTerms(text: string | undefined): string[] {
  if (!text) return [];
  const terms = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(terms.map((t) => t.slice(0, 40)))].slice(0, 8);
}
