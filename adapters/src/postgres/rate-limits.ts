/**
 * Rate-limit counters in PostgreSQL, shared by every API process (issue 21, ADR 0015; ADR 0001
 * kept them in each process's memory, so N processes allowed N× the attempts). A fixed window
 * per key: one upsert per hit starts a new window when the old one has ended, else adds one,
 * and returns the count and the window's end. Atomic under concurrency (the row lock of the
 * upsert), on postgres.js and PGlite alike. Implements hono-rate-limiter's `Store` shape.
 */
import { sql } from "kysely";
import type { Db } from "./database.ts";

export interface RateLimitCount {
  readonly totalHits: number;
  readonly resetTime: Date;
}

/** A hono-rate-limiter store over the `rate_limit_hits` table. */
export class PgRateLimitStore {
  /** Counters are shared between processes (hono-rate-limiter's double-count check). */
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(private readonly db: Db) {}

  /** Called by the middleware with its options; takes the window length (ms). */
  init(options: { windowMs: number }): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<RateLimitCount | undefined> {
    const row = await this.db
      .selectFrom("rateLimitHits")
      .select(["hits", "resetAt"])
      .where("key", "=", key)
      .where("resetAt", ">", sql<Date>`now()`)
      .executeTakeFirst();
    return row ? { totalHits: Number(row.hits), resetTime: new Date(row.resetAt) } : undefined;
  }

  async increment(key: string): Promise<RateLimitCount> {
    const result = await sql<{ hits: number; resetAt: Date }>`
      INSERT INTO rate_limit_hits AS r (key, hits, reset_at)
      VALUES (${key}, 1, now() + ${`${this.windowMs} milliseconds`}::interval)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
        reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
      RETURNING hits, reset_at`.execute(this.db);
    const row = result.rows[0];
    if (!row) throw new Error("rate limit upsert returned no row");
    return { totalHits: Number(row.hits), resetTime: new Date(row.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await sql`UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = ${key}`.execute(this.db);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.deleteFrom("rateLimitHits").where("key", "=", key).execute();
  }
}

/** Deletes counters whose window ended before `now`; returns how many. */
export async function sweepRateLimits(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom("rateLimitHits").where("resetAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
