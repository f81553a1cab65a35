/**
 * ADR 0040 (reporting that agrees with the ledger): the daily roll-up `insights_daily` (ADR 0026)
 * is kept current in the transaction that changes an invoice. A trigger on invoices moves the
 * row's contribution (paid cents, paid count, on time, seconds to pay, raised count) out of its old
 * Sydney day and into its new one, for the days the roll-up holds (≤ rolled_through; later days are
 * read live). Writers take the roll-up's advisory lock shared and `refreshInsightsRollup` takes it
 * exclusive, so a rebuild never misses a write committed during it. Before this, facts written for
 * past days after a rebuild (the demo seed, backdated payments) were missing from /analytics until
 * the next hourly rebuild: $0 shown as current while Payment History listed the payments.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE OR REPLACE FUNCTION insights_daily_add(
     b integer, a integer, d date, paid bigint, paid_n integer, on_time integer, secs double precision,
     raised integer)
   RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     IF d IS NULL OR d > (SELECT rolled_through FROM insights_rollup_state WHERE id) THEN RETURN; END IF;
     INSERT INTO insights_daily AS x (business_id, agent_id, day, paid_cents, paid_count, on_time_count, pay_seconds, raised_count)
     VALUES (b, a, d, paid, paid_n, on_time, secs, raised)
     ON CONFLICT (business_id, day, agent_id) DO UPDATE SET
       paid_cents = x.paid_cents + excluded.paid_cents,
       paid_count = x.paid_count + excluded.paid_count,
       on_time_count = x.on_time_count + excluded.on_time_count,
       pay_seconds = x.pay_seconds + excluded.pay_seconds,
       raised_count = x.raised_count + excluded.raised_count;
   END $$`,
  `CREATE OR REPLACE FUNCTION insights_daily_follow_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_advisory_xact_lock_shared(hashtext('closr:insights-rollup'));
     IF TG_OP IN ('UPDATE', 'DELETE') THEN
       PERFORM insights_daily_add(OLD.business_id, OLD.agent_id,
         (OLD.created_at AT TIME ZONE 'Australia/Sydney')::date, 0, 0, 0, 0, -1);
       IF OLD.is_paid AND OLD.paid_at IS NOT NULL THEN
         PERFORM insights_daily_add(OLD.business_id, OLD.agent_id,
           (OLD.paid_at AT TIME ZONE 'Australia/Sydney')::date, -OLD.amount_cents, -1,
           -(((OLD.paid_at AT TIME ZONE 'Australia/Sydney')::date <= OLD.due_date)::int),
           -extract(epoch FROM OLD.paid_at - OLD.created_at)::float8, 0);
       END IF;
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') THEN
       PERFORM insights_daily_add(NEW.business_id, NEW.agent_id,
         (NEW.created_at AT TIME ZONE 'Australia/Sydney')::date, 0, 0, 0, 0, 1);
       IF NEW.is_paid AND NEW.paid_at IS NOT NULL THEN
         PERFORM insights_daily_add(NEW.business_id, NEW.agent_id,
           (NEW.paid_at AT TIME ZONE 'Australia/Sydney')::date, NEW.amount_cents, 1,
           ((NEW.paid_at AT TIME ZONE 'Australia/Sydney')::date <= NEW.due_date)::int,
           extract(epoch FROM NEW.paid_at - NEW.created_at)::float8, 0);
       END IF;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER invoices_follow_insights_daily
     AFTER INSERT OR DELETE OR UPDATE OF is_paid, paid_at, amount_cents, created_at, due_date, business_id, agent_id
     ON invoices FOR EACH ROW EXECUTE FUNCTION insights_daily_follow_invoice()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `DROP TRIGGER IF EXISTS invoices_follow_insights_daily ON invoices`,
    `DROP FUNCTION IF EXISTS insights_daily_follow_invoice()`,
    `DROP FUNCTION IF EXISTS insights_daily_add(integer, integer, date, bigint, integer, integer, double precision, integer)`,
  ])
    await sql.raw(statement).execute(db);
}
