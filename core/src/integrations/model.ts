/**
 * Integrations (issue 20, ADR 0021): API keys an account creates in Settings → API.
 * A key acts as the account that created it, limited to its scopes: per area (profiles,
 * partnerships, invoices, payments, messages, opportunities) read-only (`<area>:read`) or read-write
 * (`<area>:write`, which includes read). The secret is `closr_live_` + 43 base64url characters
 * (256 random bits); only its SHA-256 is stored, and it is shown once, on creation.
 */
import type { ApiKeyId, UserId } from "../shared/ids.ts";

export const API_KEY_AREAS = [
  "profiles",
  "partnerships",
  "invoices",
  "payments",
  "messages",
  "opportunities",
] as const;
export type ApiKeyArea = (typeof API_KEY_AREAS)[number];
export type ApiKeyAccess = "read" | "write";
export type ApiKeyScope = `${ApiKeyArea}:${ApiKeyAccess}`;

/** The recognisable prefix of every live key (secret scanners can match it). */
export const API_KEY_PREFIX = "closr_live_";
/** A well-formed secret: the prefix and 43 base64url characters (32 bytes). */
export const API_KEY_PATTERN = /^closr_live_[A-Za-z0-9_-]{43}$/;
/** At most this many keys that are not revoked per account. */
export const MAX_ACTIVE_KEYS = 20;

export interface ApiKey {
  readonly id: ApiKeyId;
  readonly userId: UserId;
  readonly name: string;
  /** The first characters of the secret, to tell keys apart ("closr_live_AbCd"). */
  readonly hint: string;
  readonly scopes: readonly ApiKeyScope[];
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
}

/** Whether `scopes` allow `needed`: the same scope, or write for a read. */
export function scopeAllows(scopes: readonly ApiKeyScope[], needed: ApiKeyScope): boolean {
  if (scopes.includes(needed)) return true;
  const [area, access] = needed.split(":") as [ApiKeyArea, ApiKeyAccess];
  return access === "read" && scopes.includes(`${area}:write`);
}

/** Scopes normalised: known ones only, deduplicated, `:read` dropped where `:write` is granted, sorted. */
export function normaliseScopes(scopes: readonly string[]): ApiKeyScope[] {
  const known = new Set<ApiKeyScope>();
  for (const scope of scopes) {
    const [area, access] = scope.split(":");
    if (API_KEY_AREAS.includes(area as ApiKeyArea) && (access === "read" || access === "write"))
      known.add(scope as ApiKeyScope);
  }
  return [...known]
    .filter((s) => !(s.endsWith(":read") && known.has(s.replace(":read", ":write") as ApiKeyScope)))
    .sort();
}
