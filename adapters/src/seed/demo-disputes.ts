/**
 * Demo disputes (issue 17), so a newcomer sees both kinds: Harbour Tech disputes the unpaid
 * final invoice of its ended partnership (open, the agent's 7 days running), and a second
 * unpaid invoice of that partnership that the agent rejected into mediation (in the admin app's
 * queue). Both are unpaid (no payout involved) and neither touches Mia Chen's invoices, which
 * the e2e journeys pay. Goes through the real use cases. Idempotent: skipped once any dispute exists.
 */
import { DisputeId, openDispute, respondToDispute } from "@closr/core/dispute";
import { UserRepository } from "@closr/core/identity";
import { InvoiceId, UserId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import { PgDatabase } from "../postgres/index.ts";
import { userByLogin } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

export async function seedDemoDisputes(runtime: SeedRuntime) {
  await runtime.runPromise(
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      const any = yield* Effect.promise(() => db.selectFrom("disputes").select("id").limit(1).execute());
      if (any.length > 0) return;
      const business = yield* userByLogin("harbourtech");
      const mia = yield* userByLogin("mia.chen");
      if (Option.isNone(business) || Option.isNone(mia)) return;
      const unpaid = yield* Effect.promise(() =>
        db
          .selectFrom("invoices as i")
          .innerJoin("businessProfiles as b", "b.id", "i.businessId")
          .innerJoin("agentProfiles as a", "a.id", "i.agentId")
          .select(["i.id", "i.partnershipId", "i.businessId", "i.agentId", "a.userId as agentUserId"])
          .where("b.userId", "=", business.value.id)
          .where("a.userId", "!=", mia.value.id)
          .where("i.isPaid", "=", false)
          .orderBy("i.id")
          .executeTakeFirst(),
      );
      if (!unpaid) return;
      const agent = yield* (yield* UserRepository).findById(UserId.make(unpaid.agentUserId));
      if (Option.isNone(agent)) return;
      yield* openDispute(business.value, InvoiceId.make(unpaid.id), {
        reason: "work_not_done",
        description: "The final month's introductions were never made; we have no record of any meeting.",
      });
      const second = yield* Effect.promise(() =>
        sql<{ id: number }>`
          INSERT INTO invoices (partnership_id, business_id, agent_id, amount_cents, subtotal_cents, description, due_date, created_at)
          VALUES (${unpaid.partnershipId}, ${unpaid.businessId}, ${unpaid.agentId}, 42000, 42000,
                  'Handover: account notes and pipeline report', (now() + interval '10 days')::date, now() - interval '12 days')
          RETURNING id`.execute(db),
      );
      const mediated = yield* openDispute(business.value, InvoiceId.make(second.rows[0]!.id), {
        reason: "amount_not_owed",
        description: "The handover was agreed as part of the notice period, not as extra paid work.",
        claimedCents: 0,
      });
      yield* respondToDispute(agent.value, DisputeId.make(mediated.id), {
        action: "reject",
        message: "The handover took two full days beyond the notice period; it is owed.",
      });
    }).pipe(Effect.catchAll((error) => Effect.logWarning("demo disputes skipped", error))),
  );
}
