/**
 * The gateway_events ledger every webhook writes first (ADR 0008): an event id is recorded once,
 * so a repeated delivery is recognised as a duplicate inside the same transaction, and the
 * event's outcome is written next to it for operators.
 */
import type { Transaction } from "kysely";
import type { Database } from "../schema.ts";

/**
 * Records `event` (with the payment intent it concerns, if any) in `trx` as "received". Null when
 * the id was recorded before (a duplicate delivery: do nothing more); else a function that sets
 * the event's outcome and resolves with it.
 */
export async function recordGatewayEvent(
  trx: Transaction<Database>,
  event: { readonly id: string; readonly type: string },
  paymentIntentId: string | null,
) {
  const recorded = await trx
    .insertInto("gatewayEvents")
    .values({ id: event.id, type: event.type, paymentIntentId, outcome: "received" })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!recorded) return null;
  return async <O extends string>(value: O): Promise<O> => {
    await trx.updateTable("gatewayEvents").set({ outcome: value }).where("id", "=", event.id).execute();
    return value;
  };
}
