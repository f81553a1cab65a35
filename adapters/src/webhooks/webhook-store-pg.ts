/**
 * Webhooks on PostgreSQL/PGlite (ADR 0023): `WebhookStore` over webhook_endpoints,
 * webhook_events and webhook_deliveries, and `WebhookEvents`, the publisher: it resolves the
 * event's parties to accounts, stores the event and one delivery per enabled endpoint of theirs
 * subscribed to its type, and enqueues a `deliver-webhook` job per delivery — in the ambient
 * transaction (withTransaction) when there is one, else in a transaction of its own.
 * In order per object: `claim` only ever takes the oldest unfinished delivery of an
 * (endpoint, object) pair, under a row lock, and leases it, so concurrent jobs for the same pair
 * cannot send out of order.
 */
import { randomUUID } from "node:crypto";
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from "@closr/core/integrations";
import { WebhookEvents, WebhookStore } from "@closr/core/integrations";
import type { UserId } from "@closr/core/shared";
import { Effect, Layer, Option } from "effect";
import { sql, type Transaction } from "kysely";
import { enqueueJob } from "../jobs/job-queue.ts";
import { wakeInProcessWorkers } from "../jobs/job-queue-in-process.ts";
import type { Db } from "../postgres/database.ts";
import { PgDatabase } from "../postgres/database-service.ts";
import type { Database } from "../postgres/schema.ts";
import { currentTransaction } from "../postgres/transaction-scope.ts";
import { generateWebhookSecret } from "./signature.ts";

const endpointColumns = ["id", "userId", "url", "description", "events", "enabled", "createdAt"] as const;

type EndpointRow = {
  id: number;
  userId: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  createdAt: Date | string;
};

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: Number(row.id),
  userId: Number(row.userId) as UserId,
  url: row.url,
  description: row.description,
  events: [...row.events] as WebhookEventType[],
  enabled: row.enabled,
  createdAt: new Date(row.createdAt),
});

const deliveryColumns = [
  "d.id",
  "d.endpointId",
  "d.eventId",
  "d.eventType",
  "d.objectKey",
  "d.status",
  "d.attempts",
  "d.lastStatusCode",
  "d.lastError",
  "d.nextAttemptAt",
  "d.createdAt",
  "d.deliveredAt",
] as const;

type DeliveryRow = {
  id: number | string;
  endpointId: number;
  eventId: string;
  eventType: string;
  objectKey: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | string | null;
  createdAt: Date | string;
  deliveredAt: Date | string | null;
};

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: Number(row.id),
  endpointId: Number(row.endpointId),
  eventId: row.eventId,
  eventType: row.eventType as WebhookEventType,
  objectKey: row.objectKey,
  status: row.status as WebhookDelivery["status"],
  attempts: Number(row.attempts),
  lastStatusCode: row.lastStatusCode === null ? null : Number(row.lastStatusCode),
  lastError: row.lastError,
  nextAttemptAt: row.status === "pending" ? date(row.nextAttemptAt) : null,
  createdAt: new Date(row.createdAt),
  deliveredAt: date(row.deliveredAt),
});

const makeStore = (db: Db) =>
  WebhookStore.of({
    create: (userId, input) =>
      Effect.promise(async () => {
        const secret = generateWebhookSecret();
        const row = await db
          .insertInto("webhookEndpoints")
          .values({
            userId,
            url: input.url,
            description: input.description,
            events: [...input.events],
            secret,
          })
          .returning(endpointColumns)
          .executeTakeFirstOrThrow();
        return { endpoint: toEndpoint(row), secret };
      }),
    list: (userId) =>
      Effect.promise(async () => {
        const rows = await db
          .selectFrom("webhookEndpoints")
          .select(endpointColumns)
          .where("userId", "=", userId)
          .orderBy("id", "desc")
          .execute();
        return rows.map(toEndpoint);
      }),
    count: (userId) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("webhookEndpoints")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("userId", "=", userId)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }),
    update: (userId, id, changes) =>
      Effect.promise(async () => {
        const set = {
          ...(changes.url !== undefined ? { url: changes.url } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.events !== undefined ? { events: [...changes.events] } : {}),
          ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
        };
        const query =
          Object.keys(set).length === 0
            ? db
                .selectFrom("webhookEndpoints")
                .select(endpointColumns)
                .where("id", "=", id)
                .where("userId", "=", userId)
            : db
                .updateTable("webhookEndpoints")
                .set(set)
                .where("id", "=", id)
                .where("userId", "=", userId)
                .returning(endpointColumns);
        const row = await query.executeTakeFirst();
        return Option.fromNullable(row).pipe(Option.map(toEndpoint));
      }),
    remove: (userId, id) =>
      Effect.promise(async () => {
        const result = await db
          .deleteFrom("webhookEndpoints")
          .where("id", "=", id)
          .where("userId", "=", userId)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      }),
    deliveries: (userId, endpointId, limit) =>
      Effect.promise(async () => {
        const owned = await db
          .selectFrom("webhookEndpoints")
          .select("id")
          .where("id", "=", endpointId)
          .where("userId", "=", userId)
          .executeTakeFirst();
        if (!owned) return Option.none();
        const rows = await db
          .selectFrom("webhookDeliveries as d")
          .select(deliveryColumns)
          .where("d.endpointId", "=", endpointId)
          .orderBy("d.id", "desc")
          .limit(limit)
          .execute();
        return Option.some(rows.map(toDelivery));
      }),
    replay: (userId, deliveryId, now) =>
      Effect.promise(async () => {
        const row = await db
          .updateTable("webhookDeliveries as d")
          .from("webhookEndpoints as e")
          .set({ status: "pending", nextAttemptAt: now, leaseUntil: null })
          .whereRef("e.id", "=", "d.endpointId")
          .where("e.userId", "=", userId)
          .where("d.id", "=", deliveryId)
          .where("d.status", "!=", "sending")
          .returning(deliveryColumns)
          .executeTakeFirst();
        return Option.fromNullable(row).pipe(Option.map(toDelivery));
      }),
    claim: (target, now, leaseUntil) =>
      Effect.promise(async () => {
        const result = await sql<{
          id: string;
          eventId: string;
          url: string;
          secret: string;
          body: string;
          attempts: number;
          createdAt: Date | string;
        }>`
          WITH head AS (
            SELECT id FROM webhook_deliveries
            WHERE endpoint_id = ${target.endpointId} AND object_key = ${target.objectKey}
              AND status IN ('pending', 'sending')
            ORDER BY id LIMIT 1 FOR UPDATE
          ), claimed AS (
            UPDATE webhook_deliveries d
            SET status = 'sending', lease_until = ${leaseUntil}, attempts = d.attempts + 1
            FROM head
            WHERE d.id = head.id
              AND ((d.status = 'pending' AND d.next_attempt_at <= ${now})
                OR (d.status = 'sending' AND d.lease_until < ${now}))
            RETURNING d.id, d.event_id, d.endpoint_id, d.attempts
          )
          SELECT c.id, c.event_id AS "eventId", e.url, e.secret, ev.body, c.attempts,
                 ev.created_at AS "createdAt"
          FROM claimed c
          JOIN webhook_endpoints e ON e.id = c.endpoint_id
          JOIN webhook_events ev ON ev.id = c.event_id`.execute(db);
        const row = result.rows[0];
        if (!row) return Option.none();
        return Option.some({
          id: Number(row.id),
          eventId: row.eventId,
          url: row.url,
          secret: row.secret,
          body: row.body,
          attempts: Number(row.attempts),
          createdAt: new Date(row.createdAt),
        });
      }),
    record: (id, outcome, result) =>
      Effect.promise(async () => {
        await db
          .updateTable("webhookDeliveries")
          .set({
            lastStatusCode: outcome.statusCode,
            lastError: result.delivered ? null : (outcome.error ?? "Not accepted").slice(0, 500),
            leaseUntil: null,
            ...(result.delivered
              ? { status: "delivered", deliveredAt: result.at, nextAttemptAt: null }
              : result.nextAttemptAt
                ? { status: "pending", nextAttemptAt: result.nextAttemptAt }
                : { status: "failed", nextAttemptAt: null }),
          })
          .where("id", "=", id)
          .execute();
      }),
    oldestUnfinished: (target) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("webhookDeliveries")
          .select("id")
          .where("endpointId", "=", target.endpointId)
          .where("objectKey", "=", target.objectKey)
          .where("status", "in", ["pending", "sending"])
          .orderBy("id")
          .limit(1)
          .executeTakeFirst();
        return Option.fromNullable(row).pipe(Option.map((r) => Number(r.id)));
      }),
    dueTargets: (now, overdueSeconds, limit) =>
      Effect.promise(async () => {
        const before = new Date(now.getTime() - overdueSeconds * 1000);
        const result = await sql<{ endpointId: number; objectKey: string; id: string }>`
          SELECT endpoint_id AS "endpointId", object_key AS "objectKey", id FROM (
            SELECT DISTINCT ON (endpoint_id, object_key) endpoint_id, object_key, id, status,
                   next_attempt_at, lease_until
            FROM webhook_deliveries
            WHERE status IN ('pending', 'sending')
            ORDER BY endpoint_id, object_key, id
          ) head
          WHERE (status = 'pending' AND next_attempt_at <= ${before})
             OR (status = 'sending' AND lease_until < ${before})
          LIMIT ${limit}`.execute(db);
        return result.rows.map((r) => ({
          endpointId: Number(r.endpointId),
          objectKey: r.objectKey,
          deliveryId: Number(r.id),
        }));
      }),
  });

/** WebhookStore on the PgDatabase. */
export const WebhookStorePg = Layer.effect(WebhookStore, Effect.map(PgDatabase, makeStore));

/** Stores the event and its deliveries and enqueues their jobs on `trx`; the endpoints written. */
async function publishOn(
  db: Db,
  trx: Transaction<Database>,
  event: Parameters<WebhookEvents["Type"]["publish"]>[0],
): Promise<number> {
  const userIds = new Set<number>();
  const agentIds: number[] = [];
  const businessIds: number[] = [];
  for (const party of event.parties) {
    if ("userId" in party) userIds.add(party.userId);
    else if ("agentProfileId" in party) agentIds.push(party.agentProfileId);
    else businessIds.push(party.businessProfileId);
  }
  if (agentIds.length)
    for (const r of await trx
      .selectFrom("agentProfiles")
      .select("userId")
      .where("id", "in", agentIds)
      .execute())
      userIds.add(Number(r.userId));
  if (businessIds.length)
    for (const r of await trx
      .selectFrom("businessProfiles")
      .select("userId")
      .where("id", "in", businessIds)
      .execute())
      userIds.add(Number(r.userId));
  if (userIds.size === 0) return 0;
  const endpoints = await trx
    .selectFrom("webhookEndpoints")
    .select("id")
    .where("userId", "in", [...userIds])
    .where("enabled", "=", true)
    .where(sql<boolean>`${event.type} = ANY(events)`)
    .orderBy("id")
    .execute();
  if (endpoints.length === 0) return 0;
  const id = `evt_${randomUUID().replaceAll("-", "")}`;
  const createdAt = new Date();
  const body = JSON.stringify({
    id,
    type: event.type,
    createdAt: createdAt.toISOString(),
    data: { object: event.object },
  });
  await trx
    .insertInto("webhookEvents")
    .values({ id, type: event.type, objectKey: event.objectKey, body, createdAt })
    .execute();
  const deliveries = await trx
    .insertInto("webhookDeliveries")
    .values(
      endpoints.map((e) => ({
        endpointId: e.id,
        eventId: id,
        eventType: event.type,
        objectKey: event.objectKey,
        createdAt,
        nextAttemptAt: createdAt,
      })),
    )
    .returning(["id", "endpointId"])
    .execute();
  // One job per delivery (ADR 0035): its id is the job's singleton key.
  for (const d of deliveries)
    await enqueueJob(
      db,
      "deliver-webhook",
      { endpointId: Number(d.endpointId), objectKey: event.objectKey, deliveryId: Number(d.id) },
      trx,
    );
  return endpoints.length;
}

/** WebhookEvents on the PgDatabase: in the ambient transaction, else in one of its own. */
export const WebhookEventsPg = Layer.effect(
  WebhookEvents,
  Effect.map(PgDatabase, (db) =>
    WebhookEvents.of({
      publish: (event) =>
        Effect.flatMap(currentTransaction(db), (ambient) =>
          Effect.promise(async () => {
            if (Option.isSome(ambient)) {
              await publishOn(db, ambient.value, event);
              return;
            }
            const written = await db.transaction().execute((trx) => publishOn(db, trx, event));
            if (written > 0) wakeInProcessWorkers(db);
          }),
        ),
    }),
  ),
);
