/**
 * The conflict check at registration (issue 43 §1, ADR 0062), as a pure function over the
 * business's registered customers: its own list, its house accounts and the customers of every
 * registration that holds them (submitted, approved and still protected, or won). The PostgreSQL
 * repository runs the same rules in SQL (pg_trgm `similarity`) under a per-business lock; this is
 * the reference the in-memory repository and the tests use.
 */
import type { CustomerInput, RejectionReason } from "./model.ts";
import { dealRules } from "./model.ts";
import { trigramSimilarity } from "./normalise.ts";

/** A customer the new registration is compared with, and why it is held. */
export interface ConflictCandidate {
  readonly customerId: number;
  readonly holder: "house_account" | "customer" | "deal";
  readonly abn: string | null;
  readonly domain: string | null;
  readonly normalisedName: string;
}

export interface ConflictMatch {
  readonly customerId: number;
  readonly holder: ConflictCandidate["holder"];
  readonly by: "abn" | "domain" | "name";
}

/** The rejection reason a match stands for (what the business's record shows, never the agent). */
export const rejectionForHolder: Readonly<Record<ConflictCandidate["holder"], RejectionReason>> = {
  house_account: "house_account",
  customer: "already_customer",
  deal: "registered_by_another",
};

const holderRank = { house_account: 0, customer: 1, deal: 2 } as const;

/** True when two normalised names are the same or near-identical (pg_trgm similarity ≥ threshold). */
export const namesClash = (a: string, b: string): boolean =>
  a === b || trigramSimilarity(a, b) >= dealRules.nameSimilarity;

/**
 * The first candidate `input` clashes with — by ABN, then domain, then near-identical name — house
 * accounts before customers before other registrations; null when none does.
 */
export function findConflict(
  input: Pick<CustomerInput, "abn" | "domain" | "normalisedName">,
  candidates: readonly ConflictCandidate[],
): ConflictMatch | null {
  const ordered = [...candidates].sort((a, b) => holderRank[a.holder] - holderRank[b.holder]);
  for (const by of ["abn", "domain", "name"] as const)
    for (const c of ordered) {
      const hit =
        by === "abn"
          ? input.abn !== null && c.abn === input.abn
          : by === "domain"
            ? input.domain !== null && c.domain === input.domain
            : namesClash(input.normalisedName, c.normalisedName);
      if (hit) return { customerId: c.customerId, holder: c.holder, by };
    }
  return null;
}
