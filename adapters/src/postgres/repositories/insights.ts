/**
 * InsightsRepository on PostgreSQL (issue 18, ADR 0014): every figure is one aggregate query
 * over the real tables. Days and months are Australia/Sydney calendar dates; a range's bounds are
 * turned into instants once (`bounds`), so the paid_at indexes apply. Refunds and platform fees
 * come from payments.refunded_cents and payments.application_fee_cents (0 until set).
 */
import {
  type AgentFiguresRow,
  type DateRange,
  InsightsRepository,
  type MonthFigure,
} from "@closr/core/insights";
import { type AgentProfileId, Cents, type UserId } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { PgDatabase } from "../database-service.ts";

const TZ = "Australia/Sydney";
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const cents = (value: unknown) => Cents.make(Math.round(num(value)));
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

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

const makeInsightsRepository = (db: Db) => {
  const run = <R>(query: ReturnType<typeof sql<R>>) =>
    Effect.promise(() => query.execute(db)).pipe(Effect.map((r) => r.rows));

  return InsightsRepository.of({
    businessHeadline: (businessId, range, today) => {
      const { start, end } = bounds(range);
      return run(sql<Record<string, unknown>>`
        WITH paid AS (
          SELECT i.amount_cents, i.created_at, i.paid_at, coalesce(r.refunded, 0) AS refunded
          FROM invoices i
          LEFT JOIN (${refundsOf(sql`business_id = ${businessId} AND refunded_cents > 0`)}) r ON r.invoice_id = i.id
          WHERE i.business_id = ${businessId} AND i.is_paid AND i.paid_at >= ${start} AND i.paid_at < ${end}
        ), unpaid AS (
          SELECT
            coalesce(sum(amount_cents) FILTER (WHERE due_date >= ${today}::date), 0) AS open,
            coalesce(sum(amount_cents) FILTER (WHERE due_date < ${today}::date), 0) AS overdue,
            count(*) FILTER (WHERE due_date < ${today}::date)::int AS overdue_count
          FROM invoices WHERE business_id = ${businessId} AND NOT is_paid
        )
        SELECT coalesce(sum(paid.amount_cents), 0)::float8 AS paid,
               coalesce(sum(paid.refunded), 0)::float8 AS refunded,
               count(paid.*)::int AS invoices_paid,
               avg(extract(epoch FROM paid.paid_at - paid.created_at) / 86400)::float8 AS average_days,
               (SELECT open FROM unpaid)::float8 AS open,
               (SELECT overdue FROM unpaid)::float8 AS overdue,
               (SELECT overdue_count FROM unpaid) AS overdue_count
        FROM paid`).pipe(
        Effect.map(([row = {}]) => ({
          paidCents: cents(row.paid),
          refundedCents: cents(row.refunded),
          netPaidCents: cents(num(row.paid) - num(row.refunded)),
          invoicesPaid: num(row.invoicesPaid),
          openCents: cents(row.open),
          overdueCents: cents(row.overdue),
          overdueCount: num(row.overdueCount),
          averageDaysToPay:
            row.averageDays === null || row.averageDays === undefined
              ? null
              : Math.round(Number(row.averageDays) * 10) / 10,
        })),
      );
    },

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
        Effect.map((rows): AgentFiguresRow[] =>
          rows.map((r) => ({
            agentId: num(r.agentId) as AgentProfileId,
            userId: num(r.userId) as UserId,
            name: String(r.name),
            status: String(r.status),
            activeSince: r.startDate ? new Date(r.startDate as string) : null,
            invoices: num(r.invoices),
            netPaidCents: cents(r.net),
            onTimeRate: ratio(num(r.onTime), num(r.paidCount)),
            disputes: num(r.disputes),
          })),
        ),
      );
    },

    businessOverview: (businessId, range, today, withAgents) => {
      const { start, end } = bounds(range);
      const agents = withAgents
        ? sql`(SELECT coalesce(json_agg(x ORDER BY x.net DESC, x.name), '[]'::json) FROM (
            SELECT a.id AS agent_id, a.user_id, a.full_name AS name, ps.status, ps.start_date,
                   count(inv.*) FILTER (WHERE inv.raised)::int AS invoices,
                   coalesce(sum(inv.amount_cents - inv.refunded) FILTER (WHERE inv.paid), 0)::float8 AS net,
                   count(inv.*) FILTER (WHERE inv.paid)::int AS paid_count,
                   count(inv.*) FILTER (WHERE inv.paid AND (inv.paid_at AT TIME ZONE ${TZ})::date <= inv.due_date)::int AS on_time,
                   coalesce(max(dis.disputes), 0)::int AS disputes
            FROM (SELECT DISTINCT ON (agent_id) agent_id, status, start_date
                  FROM partnerships WHERE business_id = ${businessId} AND start_date IS NOT NULL
                  ORDER BY agent_id, start_date DESC) ps
            JOIN agent_profiles a ON a.id = ps.agent_id
            LEFT JOIN inv ON inv.agent_id = ps.agent_id
            LEFT JOIN (${disputesOf(businessId, start, end)}) dis ON dis.agent_id = ps.agent_id
            GROUP BY a.id, a.user_id, a.full_name, ps.status, ps.start_date) x)`
        : sql`NULL::json`;
      return run(sql<{
        headline: Record<string, unknown>;
        months: { month: string; net: number }[];
        agents: Record<string, unknown>[] | null;
      }>`
        WITH inv AS MATERIALIZED (
          SELECT i.agent_id, i.amount_cents, i.created_at, i.paid_at, i.due_date, i.is_paid,
                 coalesce(r.refunded, 0) AS refunded,
                 (i.is_paid AND i.paid_at >= ${start} AND i.paid_at < ${end}) AS paid,
                 (i.created_at >= ${start} AND i.created_at < ${end}) AS raised
          FROM invoices i
          LEFT JOIN (${refundsOf(sql`business_id = ${businessId} AND refunded_cents > 0`)}) r ON r.invoice_id = i.id
          WHERE i.business_id = ${businessId}
        ), sums AS (
          SELECT to_char(date_trunc('month', paid_at AT TIME ZONE ${TZ}), 'YYYY-MM') AS month,
                 sum(amount_cents - refunded) AS net
          FROM inv WHERE paid GROUP BY 1
        )
        SELECT
          (SELECT json_build_object(
             'paid', coalesce(sum(amount_cents) FILTER (WHERE paid), 0)::float8,
             'refunded', coalesce(sum(refunded) FILTER (WHERE paid), 0)::float8,
             'invoicesPaid', count(*) FILTER (WHERE paid),
             'averageDays', (avg(extract(epoch FROM paid_at - created_at)) FILTER (WHERE paid) / 86400)::float8,
             'open', coalesce(sum(amount_cents) FILTER (WHERE NOT is_paid AND due_date >= ${today}::date), 0)::float8,
             'overdue', coalesce(sum(amount_cents) FILTER (WHERE NOT is_paid AND due_date < ${today}::date), 0)::float8,
             'overdueCount', count(*) FILTER (WHERE NOT is_paid AND due_date < ${today}::date))
           FROM inv) AS headline,
          (SELECT json_agg(json_build_object('month', m.month, 'net', coalesce(s.net, 0)::float8) ORDER BY m.month)
           FROM (${monthsSql(range)}) m LEFT JOIN sums s ON s.month = m.month) AS months,
          ${agents} AS agents`).pipe(
        Effect.map(([row]) => {
          const h = row?.headline ?? {};
          return {
            headline: {
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
            },
            months: (row?.months ?? []).map((m) => ({ month: m.month, netPaidCents: cents(m.net) })),
            agents:
              row?.agents?.map(
                (r): AgentFiguresRow => ({
                  // The CamelCasePlugin renames nested JSON keys too (agent_id → agentId).
                  agentId: num(r.agentId) as AgentProfileId,
                  userId: num(r.userId) as UserId,
                  name: String(r.name),
                  status: String(r.status),
                  activeSince: r.startDate ? new Date(r.startDate as string) : null,
                  invoices: num(r.invoices),
                  netPaidCents: cents(r.net),
                  onTimeRate: ratio(num(r.onTime), num(r.paidCount)),
                  disputes: num(r.disputes),
                }),
              ) ?? null,
          };
        }),
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
        WHERE agent_id = ${agentId} AND NOT is_paid`).pipe(Effect.map(([r]) => num(r?.pending))),

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

export const InsightsRepositoryPg = Layer.effect(
  InsightsRepository,
  Effect.map(PgDatabase, makeInsightsRepository),
);
