/** Every migration, by name (names sort in the order they run). */
import type { Migration } from "kysely";
import * as initialSchema from "./2026-11-22-initial-schema.ts";
import * as profileSearch from "./2026-11-22-profile-search.ts";
import * as profileSearchRanking from "./2026-11-22-profile-search-ranking.ts";

export const migrations: Record<string, Migration> = {
  "2026-11-22-initial-schema": initialSchema,
  "2026-11-22-profile-search": profileSearch,
  "2026-11-22-profile-search-ranking": profileSearchRanking,
};
