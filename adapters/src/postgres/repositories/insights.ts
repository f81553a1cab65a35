/**
 * InsightsRepository on PostgreSQL (issue 18, ADR 0014): every figure is one aggregate query
 * over the real tables. Days and months are Australia/Sydney calendar dates; a range's bounds are
 * turned into instants once (`bounds`), so the paid_at indexes apply. Refunds and platform fees
 * come from payments.refunded_cents and payments.application_fee_cents (0 until set).
 * /analytics's overview and headline read the daily roll-up `insights_daily` (ADR 0026) for the
 * days it holds and the invoices live after them (today), with refunds always live: the same
 * figures as the direct aggregates, without scanning every invoice of the business.
 */
import {
  type AgentFiguresRow,
  type DateRange,
  InsightsRepository,
  type MonthFigure,
} from "@closr/core/insights";
import { type AgentProfileId, Cents, type UserId } from "@closr/core/shared";
import { Effect } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { invoiceDisplayStateSql } from "../invoice-state-sql.ts";
import { ambientLayer } from "../transaction-scope.ts";

const TZ = "Australia/Sydney";
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const cents = (value: unknown) => Cents.make(Math.round(num(value)));
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** One agent's figures from a row of the per-agent query (or its JSON, keys camel-cased). */
const toAgentFigures = (r: Record<string, unknown>): AgentFiguresRow => ({
  agentId: num(r.agentId) as AgentProfileId,
  userId: num(r.userId) as UserId,
  name: String(r.name),
  status: String(r.status),
  activeSince: r.startDate ? new Date(r.startDate as string) : null,
  invoices: num(r.invoices),
  netPaidCents: cents(r.net),
  onTimeRate: ratio(num(r.onTime), num(r.paidCount)),
  disputes: num(r.disputes),
});

/** The range as [start, end) instants: Sydney midnight of `from` to Sydney midnight after `to`. */
const bounds = (range: DateRange) => ({
  start: sql`(${range.from}::date::timestamp AT TIME ZONE ${TZ})`,
  end: sql`((${range.to}::date + 1)::timestamp AT TIME ZONE ${TZ})`,
});

/**
 * Per invoice of one party (`where` on payments' business_id or agent_id): refunded and platform
 * fee cents. One grouped scan joined by hash, instead of a lookup per invoice; a business's
 * figures need only the refunded payments (few), an agent's also every fee.
 */
const refundsOf = (where: ReturnType<typeof sql>) =>
  sql`SELECT invoice_id, sum(refunded_cents) AS refunded,
             sum(application_fee_cents) FILTER (WHERE status IN ('completed', 'refunded')) AS fee
      FROM payments WHERE ${where} GROUP BY invoice_id`;

/**
 * Per agent of one business: disputes opened in [start, end) on invoices between them (opened
 * by either side, whatever their state). Uses disputes_invoice_idx per invoice of the business.
 */
const disputesOf = (businessId: number, start: ReturnType<typeof sql>, end: ReturnType<typeof sql>) =>
  sql`SELECT i.agent_id, count(*)::int AS disputes
      FROM disputes d JOIN invoices i ON i.id = d.invoice_id
      WHERE i.business_id = ${businessId} AND d.created_at >= ${start} AND d.created_at < ${end}
      GROUP BY i.agent_id`;

/** Every month of the range, `yyyy-MM`. */
const monthsSql = (range: DateRange) =>
  sql`SELECT to_char(m, 'YYYY-MM') AS month
      FROM generate_series(date_trunc('month', ${range.from}::date), ${range.to}::date, interval '1 month') m`;

/** Sydney's yesterday (the last whole day), as SQL. */
const sydneyYesterday = sql`((now() AT TIME ZONE ${TZ})::date - 1)`;

/**
 * Rebuilds the daily roll-up (ADR 0026) for every Sydney day up to `through` (default
 * yesterday) in one transaction, under an advisory lock (several processes may run the job):
 * per business, agent and day, invoices paid that day (amount, count, on time, seconds from
 * invoice to payment) and invoices raised that day. Readers see the old roll-up until commit.
 * Returns the number of rows written. Run by the `insights-rollup` scheduled job.
 */
export async function refreshInsightsRollup(db: Db, through?: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('closr:insights-rollup'))`.execute(trx);
    const last = through === undefined ? sydneyYesterday : sql`${through}::date`;
    const cutoff = sql`((${last} + 1)::timestamp AT TIME ZONE ${TZ})`;
    await sql`DELETE FROM insights_daily`.execute(trx);
    const written = await sql`
      INSERT INTO insights_daily (business_id, agent_id, day, paid_cents, paid_count, on_time_count, pay_seconds, raised_count)
      SELECT business_id, agent_id, day, sum(paid_cents), sum(paid_count), sum(on_time_count), sum(pay_seconds), sum(raised_count)
      FROM (
        SELECT business_id, agent_id, (paid_at AT TIME ZONE ${TZ})::date AS day, amount_cents AS paid_cents,
               1 AS paid_count, ((paid_at AT TIME ZONE ${TZ})::date <= due_date)::int AS on_time_count,
               extract(epoch FROM paid_at - created_at)::float8 AS pay_seconds, 0 AS raised_count
        FROM invoices WHERE is_paid AND paid_at < ${cutoff}
        UNION ALL
        SELECT business_id, agent_id, (created_at AT TIME ZONE ${TZ})::date, 0, 0, 0, 0, 1
        FROM invoices WHERE created_at < ${cutoff}
      ) x
      GROUP BY business_id, agent_id, day`.execute(trx);
    await sql`
      INSERT INTO insights_rollup_state (id, rolled_through, refreshed_at) VALUES (true, ${last}, now())
      ON CONFLICT (id) DO UPDATE SET rolled_through = excluded.rolled_through, refreshed_at = excluded.refreshed_at`.execute(
      trx,
    );
    return Number(written.numAffectedRows ?? 0);
  });
}

/** The last day the roll-up holds (a day long past when it was never built), as a CTE body. */
const rolledSql = sql`SELECT coalesce((SELECT rolled_through FROM insights_rollup_state WHERE id), '1970-01-01'::date) AS r`;

/**
 * One business's invoice facts over `range` (needs the CTE `rolled`): the roll-up's rows for the
 * days it holds, then the invoices paid or raised after them, live. Columns agent_id, day,
 * paid_cents, paid_count, on_time_count, pay_seconds, raised_count.
 */
const factsOf = (businessId: number, range: DateRange) => {
  const { start, end } = bounds(range);
  const liveFrom = sql`greatest(${start}, ((SELECT r FROM rolled) + 1)::timestamp AT TIME ZONE ${TZ})`;
  return sql`
    SELECT agent_id, day, paid_cents::float8 AS paid_cents, paid_count, on_time_count, pay_seconds, raised_count
    FROM insights_daily
    WHERE business_id = ${businessId} AND day >= ${range.from}::date
      AND day <= least(${range.to}::date, (SELECT r FROM rolled))
    UNION ALL
    SELECT agent_id, (paid_at AT TIME ZONE ${TZ})::date, amount_cents::float8, 1,
           ((paid_at AT TIME ZONE ${TZ})::date <= due_date)::int, extract(epoch FROM paid_at - created_at)::float8, 0
    FROM invoices
    WHERE business_id = ${businessId} AND is_paid AND paid_at >= ${liveFrom} AND paid_at < ${end}
    UNION ALL
    SELECT agent_id, (created_at AT TIME ZONE ${TZ})::date, 0, 0, 0, 0, 1
    FROM invoices
    WHERE business_id = ${businessId} AND created_at >= ${liveFrom} AND created_at < ${end}`;
};

/** Refunds (always live) on one business's invoices paid in `range`, per agent and Sydney day paid. */
const refundsIn = (businessId: number, range: DateRange) => {
  const { start, end } = bounds(range);
  return sql`
    SELECT i.agent_id, (i.paid_at AT TIME ZONE ${TZ})::date AS day, sum(p.refunded_cents)::float8 AS refunded
    FROM payments p JOIN invoices i ON i.id = p.invoice_id
    WHERE p.business_id = ${businessId} AND p.refunded_cents > 0
      AND i.is_paid AND i.paid_at >= ${start} AND i.paid_at < ${end}
    GROUP BY 1, 2`;
};

/** The headline object over CTEs `f` (facts) and `rf` (refunds), with open/overdue amounts live. */
const headlineSql = (businessId: number, today: string) => sql`
  (SELECT json_build_object(
     'paid', coalesce(sum(paid_cents), 0)::float8,
     'refunded', (SELECT coalesce(sum(refunded), 0) FROM rf)::float8,
     'invoicesPaid', coalesce(sum(paid_count), 0)::int,
     'averageDays', (sum(pay_seconds) / nullif(sum(paid_count), 0) / 86400)::float8,
     'open', u.open, 'overdue', u.overdue, 'overdueCount', u.overdue_count)
   FROM (SELECT coalesce(sum(amount_cents) FILTER (WHERE st <> 'overdue'), 0)::float8 AS open,
                coalesce(sum(amount_cents) FILTER (WHERE st = 'overdue'), 0)::float8 AS overdue,
                count(*) FILTER (WHERE st = 'overdue')::int AS overdue_count
         FROM (SELECT ui.amount_cents, ${invoiceDisplayStateSql("ui", today)} AS st
               FROM invoices ui
               WHERE ui.business_id = ${businessId} AND NOT ui.is_paid AND ui.cancelled_at IS NULL) ux) u
   LEFT JOIN f ON true
   GROUP BY u.open, u.overdue, u.overdue_count)`;

type HeadlineJson = Record<string, unknown>;
const toHeadline = (h: HeadlineJson) => ({
  paidCents: cents(h.paid),
  refundedCents: cents(h.refunded),
  netPaidCents: cents(num(h.paid) - num(h.refunded)),
  invoicesPaid: num(h.invoicesPaid),
  openCents: cents(h.open),
  overdueCents: cents(h.overdue),
  overdueCount: num(h.overdueCount),
  averageDaysToPay:
    h.averageDays === null || h.averageDays === undefined
      ? null
      : Math.round(Number(h.averageDays) * 10) / 10,
});

const makeInsightsRepository = (db: Db) => {
  const run = <R>(query: ReturnType<typeof sql<R>>) =>
    Effect.promise(() => query.execute(db)).pipe(Effect.map((r) => r.rows));

  return InsightsRepository.of({
    businessHeadline: (businessId, range, today) =>
      run(sql<{ headline: HeadlineJson | null }>`
        WITH rolled AS (${rolledSql}),
        f AS MATERIALIZED (${factsOf(businessId, range)}),
        rf AS MATERIALIZED (${refundsIn(businessId, range)})
        SELECT ${headlineSql(businessId, today)} AS headline`).pipe(
        Effect.map(([row]) => toHeadline(row?.headline ?? {})),
      ),

    businessMonths: (businessId, range, agentId) => {
      const { start, end } = bounds(range);
      const agent = agentId === undefined ? sql`` : sql`AND i.agent_id = ${agentId}`;
      return run(sql<{ month: string; net: unknown }>`
        WITH sums AS (
          SELECT to_char(i.paid_at AT TIME ZONE ${TZ}, 'YYYY-MM') AS month,
                 sum(i.amount_cents - coalesce(r.refunded, 0)) AS net
          FROM invoices i
          LEFT JOIN (${refundsOf(sql`business_id = ${businessId} AND refunded_cents > 0`)}) r ON r.invoice_id = i.id
          WHERE i.business_id = ${businessId} AND i.is_paid AND i.paid_at >= ${start} AND i.paid_at < ${end} ${agent}
          GROUP BY 1
        )
        SELECT m.month, coalesce(s.net, 0)::float8 AS net FROM (${monthsSql(range)}) m
        LEFT JOIN sums s ON s.month = m.month ORDER BY m.month`).pipe(
        Effect.map((rows): MonthFigure[] =>
          rows.map((r) => ({ month: r.month, netPaidCents: cents(r.net) })),
        ),
      );
    },

    businessAgents: (businessId, range) => {
      const { start, end } = bounds(range);
      return run(sql<Record<string, unknown>>`
        WITH ps AS (
          SELECT DISTINCT ON (agent_id) agent_id, status, start_date
          FROM partnerships WHERE business_id = ${businessId} AND start_date IS NOT NULL
          ORDER BY agent_id, start_date DESC
        ), inv AS (
          SELECT i.agent_id,
            count(*) FILTER (WHERE i.created_at >= ${start} AND i.created_at < ${end})::int AS invoices,
            coalesce(sum(i.amount_cents - coalesce(r.refunded, 0))
              FILTER (WHERE i.is_paid AND i.paid_at >= ${start} AND i.paid_at < ${end}), 0)::float8 AS net,
            count(*) FILTER (WHERE i.is_paid AND i.paid_at >= ${start} AND i.paid_at < ${end})::int AS paid_count,
            count(*) FILTER (WHERE i.is_paid AND i.paid_at >= ${start} AND i.paid_at < ${end}
              AND (i.paid_at AT TIME ZONE ${TZ})::date <= i.due_date)::int AS on_time
          FROM invoices i
          LEFT JOIN (${refundsOf(sql`business_id = ${businessId} AND refunded_cents > 0`)}) r ON r.invoice_id = i.id
          WHERE i.business_id = ${businessId}
          GROUP BY i.agent_id
        )
        SELECT a.id AS agent_id, a.user_id, a.full_name AS name, ps.status, ps.start_date,
               coalesce(inv.invoices, 0) AS invoices, coalesce(inv.net, 0) AS net,
               coalesce(inv.paid_count, 0) AS paid_count, coalesce(inv.on_time, 0) AS on_time,
               coalesce(dis.disputes, 0) AS disputes
        FROM ps JOIN agent_profiles a ON a.id = ps.agent_id
        LEFT JOIN inv ON inv.agent_id = ps.agent_id
        LEFT JOIN (${disputesOf(businessId, start, end)}) dis ON dis.agent_id = ps.agent_id
        ORDER BY net DESC, a.full_name`).pipe(
        Effect.map((rows): AgentFiguresRow[] => rows.map(toAgentFigures)),
      );
    },

    businessOverview: (businessId, range, today, withAgents) => {
      const { start, end } = bounds(range);
      const agents = withAgents
        ? sql`(SELECT coalesce(json_agg(x ORDER BY x.net DESC, x.name), '[]'::json) FROM (
            SELECT a.id AS agent_id, a.user_id, a.full_name AS name, ps.status, ps.start_date,
                   coalesce(fa.invoices, 0)::int AS invoices,
                   (coalesce(fa.paid, 0) - coalesce(ra.refunded, 0))::float8 AS net,
                   coalesce(fa.paid_count, 0)::int AS paid_count, coalesce(fa.on_time, 0)::int AS on_time,
                   coalesce(dis.disputes, 0)::int AS disputes
            FROM (SELECT DISTINCT ON (agent_id) agent_id, status, start_date
                  FROM partnerships WHERE business_id = ${businessId} AND start_date IS NOT NULL
                  ORDER BY agent_id, start_date DESC) ps
            JOIN agent_profiles a ON a.id = ps.agent_id
            LEFT JOIN (SELECT agent_id, sum(raised_count) AS invoices, sum(paid_cents) AS paid,
                              sum(paid_count) AS paid_count, sum(on_time_count) AS on_time
                       FROM f GROUP BY agent_id) fa ON fa.agent_id = ps.agent_id
            LEFT JOIN (SELECT agent_id, sum(refunded) AS refunded FROM rf GROUP BY agent_id) ra
              ON ra.agent_id = ps.agent_id
            LEFT JOIN (${disputesOf(businessId, start, end)}) dis ON dis.agent_id = ps.agent_id) x)`
        : sql`NULL::json`;
      return run(sql<{
        headline: HeadlineJson | null;
        months: { month: string; net: number }[];
        agents: Record<string, unknown>[] | null;
      }>`
        WITH rolled AS (${rolledSql}),
        f AS MATERIALIZED (${factsOf(businessId, range)}),
        rf AS MATERIALIZED (${refundsIn(businessId, range)}),
        sums AS (
          SELECT to_char(day, 'YYYY-MM') AS month, sum(net) AS net
          FROM (SELECT day, paid_cents AS net FROM f WHERE paid_count > 0
                UNION ALL SELECT day, -refunded FROM rf) x
          GROUP BY 1
        )
        SELECT
          ${headlineSql(businessId, today)} AS headline,
          (SELECT json_agg(json_build_object('month', m.month, 'net', coalesce(s.net, 0)::float8) ORDER BY m.month)
           FROM (${monthsSql(range)}) m LEFT JOIN sums s ON s.month = m.month) AS months,
          ${agents} AS agents`).pipe(
        Effect.map(([row]) => ({
          headline: toHeadline(row?.headline ?? {}),
          months: (row?.months ?? []).map((m) => ({ month: m.month, netPaidCents: cents(m.net) })),
          agents:
            // The CamelCasePlugin renames nested JSON keys too (agent_id → agentId).
            row?.agents?.map(toAgentFigures) ?? null,
        })),
      );
    },

    businessFunnel: (businessId, range) => {
      const { start, end } = bounds(range);
      return run(sql<Record<string, unknown>>`
        SELECT count(*) FILTER (WHERE requested_by = 'business')::int AS sent,
               count(*) FILTER (WHERE requested_by = 'agent')::int AS received,
               count(*) FILTER (WHERE start_date IS NOT NULL)::int AS accepted,
               count(*) FILTER (WHERE status = 'active')::int AS active,
               count(*) FILTER (WHERE status = 'terminated')::int AS ended
        FROM partnerships
        WHERE business_id = ${businessId} AND created_at >= ${start} AND created_at < ${end}`).pipe(
        Effect.map(([r = {}]) => {
          const requests = num(r.sent) + num(r.received);
          return {
            requestsSent: num(r.sent),
            requestsReceived: num(r.received),
            accepted: num(r.accepted),
            active: num(r.active),
            ended: num(r.ended),
            acceptanceRate: ratio(num(r.accepted), requests),
            retentionRate: ratio(num(r.active), num(r.accepted)),
          };
        }),
      );
    },

    hasPartnered: (businessId, agentId) =>
      run(sql<{ found: boolean }>`
        SELECT EXISTS (SELECT 1 FROM partnerships WHERE business_id = ${businessId} AND agent_id = ${agentId}) AS found`).pipe(
        Effect.map(([r]) => Boolean(r?.found)),
      ),

    agentPending: (agentId) =>
      run(sql<{ pending: unknown }>`
        SELECT coalesce(sum(amount_cents), 0)::float8 AS pending FROM invoices
        WHERE agent_id = ${agentId} AND NOT is_paid AND cancelled_at IS NULL`).pipe(
        Effect.map(([r]) => num(r?.pending)),
      ),

    agentPipeline: (agentId) =>
      run(sql<Record<string, unknown>>`
        SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
               count(*) FILTER (WHERE status = 'active')::int AS active,
               count(*) FILTER (WHERE status = 'terminated')::int AS ended
        FROM partnerships WHERE agent_id = ${agentId}`).pipe(
        Effect.map(([r = {}]) => ({
          pendingRequests: num(r.pending),
          activePartners: num(r.active),
          ended: num(r.ended),
        })),
      ),

    agentVisibility: (agentId, range) =>
      run(sql<Record<string, unknown>>`
        SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(s.search_appearances, 0)::int AS search_appearances,
               coalesce(s.profile_views, 0)::int AS profile_views
        FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
        LEFT JOIN agent_profile_daily_stats s ON s.agent_id = ${agentId} AND s.day = d::date
        ORDER BY d`).pipe(
        Effect.map((rows) =>
          rows.map((r) => ({
            day: String(r.day),
            searchAppearances: num(r.searchAppearances),
            profileViews: num(r.profileViews),
          })),
        ),
      ),

    agentPeers: (agentId, range) => {
      const { start, end } = bounds(range);
      return run(sql<Record<string, unknown>>`
        WITH me AS (SELECT specialization, location FROM agent_profiles WHERE id = ${agentId}),
        peers AS (
          SELECT a.id FROM agent_profiles a, me
          WHERE a.specialization = me.specialization AND a.location = me.location
        ), figures AS (
          SELECT p.id,
            coalesce((SELECT sum(i.amount_cents) FROM invoices i
                      WHERE i.agent_id = p.id AND i.is_paid AND i.paid_at >= ${start} AND i.paid_at < ${end}), 0) AS earned,
            coalesce(s.views, 0) AS views, coalesce(s.appearances, 0) AS appearances
          FROM peers p
          LEFT JOIN (
            SELECT agent_id, sum(profile_views) AS views, sum(search_appearances) AS appearances
            FROM agent_profile_daily_stats
            WHERE agent_id IN (SELECT id FROM peers) AND day BETWEEN ${range.from}::date AND ${range.to}::date
            GROUP BY agent_id
          ) s ON s.agent_id = p.id
        ), ranked AS (
          SELECT id, count(*) OVER () AS n,
                 percent_rank() OVER (ORDER BY earned) AS pe,
                 percent_rank() OVER (ORDER BY views) AS pv,
                 percent_rank() OVER (ORDER BY appearances) AS pa
          FROM figures
        )
        SELECT me.specialization, me.location, coalesce(r.n, 1)::int AS n, r.pe::float8 AS pe,
               r.pv::float8 AS pv, r.pa::float8 AS pa
        FROM me LEFT JOIN ranked r ON r.id = ${agentId}`).pipe(
        Effect.map(([r = {}]) => {
          const others = Math.max(num(r.n) - 1, 0);
          const pct = (v: unknown) =>
            others === 0 || v === null || v === undefined ? null : Math.round(Number(v) * 100);
          return {
            specialization: String(r.specialization ?? ""),
            location: String(r.location ?? ""),
            peers: others,
            earningsPercentile: pct(r.pe),
            viewsPercentile: pct(r.pv),
            appearancesPercentile: pct(r.pa),
          };
        }),
      );
    },
  });
};

export const InsightsRepositoryPg = ambientLayer(InsightsRepository, makeInsightsRepository);
