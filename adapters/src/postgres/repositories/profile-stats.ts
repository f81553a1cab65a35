/**
 * ProfileStatsCounter on PostgreSQL (issue 18, ADR 0014): search appearances and profile views
 * are added to an in-memory buffer keyed by (agent profile, Sydney day) — a map update, nothing
 * on the request path waits for the database — and written in one upsert per flush (every few
 * seconds, when the buffer grows large, and at shutdown). Only counts are kept: never who
 * searched or viewed. A crash loses at most one interval of counts.
 */
import { ProfileStatsCounter } from "@closr/core/insights";
import { businessDate } from "@closr/core/invoice";
import { Effect, Layer } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { PgDatabase } from "../database-service.ts";

interface Counts {
  appearances: number;
  views: number;
}

/** A started counter over `db`; `stop` flushes and ends the timer. */
export function startProfileStatsCounter(
  db: Db,
  options: { flushEveryMs?: number; maxKeys?: number; onError?: (error: unknown) => void } = {},
) {
  let buffer = new Map<string, Counts>();
  const maxKeys = options.maxKeys ?? 5_000;
  let flushing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (buffer.size === 0) return flushing;
    const batch = buffer;
    buffer = new Map();
    const rows = [...batch].map(([key, c]) => {
      const [agentId, day] = key.split("|") as [string, string];
      return { agent_id: Number(agentId), day, appearances: c.appearances, views: c.views };
    });
    flushing = flushing.then(() =>
      sql`
        INSERT INTO agent_profile_daily_stats (agent_id, day, search_appearances, profile_views)
        SELECT r.agent_id, r.day, r.appearances, r.views
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb)
          AS r(agent_id int, day date, appearances int, views int)
        WHERE EXISTS (SELECT 1 FROM agent_profiles a WHERE a.id = r.agent_id)
        ON CONFLICT (agent_id, day) DO UPDATE SET
          search_appearances = agent_profile_daily_stats.search_appearances + excluded.search_appearances,
          profile_views = agent_profile_daily_stats.profile_views + excluded.profile_views`
        .execute(db)
        .then(
          () => undefined,
          (error) => options.onError?.(error),
        ),
    );
    return flushing;
  };

  // `day` once per call, not per agent: Intl formatting cost ~2 % of the API's CPU under search load.
  const add = (agentId: number, appearances: number, views: number, day = businessDate(new Date())) => {
    const key = `${agentId}|${day}`;
    const counts = buffer.get(key) ?? { appearances: 0, views: 0 };
    counts.appearances += appearances;
    counts.views += views;
    buffer.set(key, counts);
    if (buffer.size >= maxKeys) void flush();
  };

  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 5_000);
  timer.unref();

  return {
    searchAppearances: (agentIds: readonly number[]) => {
      const day = businessDate(new Date());
      for (const id of new Set(agentIds)) add(id, 1, 0, day);
    },
    profileView: (agentId: number) => add(agentId, 0, 1),
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}

/** The counter as a scoped Layer: flushed every 5 s and when the runtime is disposed. */
export const ProfileStatsCounterPg = Layer.scoped(
  ProfileStatsCounter,
  Effect.gen(function* () {
    const db = yield* PgDatabase;
    const counter = yield* Effect.acquireRelease(
      Effect.sync(() =>
        startProfileStatsCounter(db, { onError: (error) => console.error("profile stats: %s", error) }),
      ),
      (started) => Effect.promise(() => started.stop()),
    );
    return ProfileStatsCounter.of({
      searchAppearances: (ids) => Effect.sync(() => counter.searchAppearances(ids)),
      profileView: (id) => Effect.sync(() => counter.profileView(id)),
      flush: Effect.promise(() => counter.flush()),
    });
  }),
);

/** A counter that counts nothing (bench:insights compares search throughput with and without counting). */
export const ProfileStatsCounterNoop = Layer.succeed(
  ProfileStatsCounter,
  ProfileStatsCounter.of({
    searchAppearances: () => Effect.void,
    profileView: () => Effect.void,
    flush: Effect.void,
  }),
);
