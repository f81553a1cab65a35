/**
 * Subscriptions (issue 13; migration 2026-11-23-05): SubscriptionRepository over PostgreSQL, and
 * users' plans (users.plan_id mirrors the open subscription's plan; NULL = the free plan).
 * Parallel checkouts for one user serialise on the user's row (FOR NO KEY UPDATE) and the partial
 * unique index subscriptions_one_open_per_user; gateway events are applied once each
 * (gateway_events insert in the same transaction as the change, ADR 0008).
 */

import { SubscriptionId, SubscriptionInvoiceId, UserId } from "@closr/core/shared";
import {
  type AppliedSubscriptionEvent,
  entitlementsFor,
  freePlan,
  type GatewaySubscription,
  gstOfInclusive,
  isPlanId,
  type PlanId,
  type Subscription,
  type SubscriptionInvoice,
  SubscriptionRepository,
  taxInvoiceNumber,
} from "@closr/core/subscription";
import { Effect, Either, Option } from "effect";
import { type Selectable, sql, type Transaction } from "kysely";
import type { Db } from "../database.ts";
import type { Database, SubscriptionInvoicesTable, SubscriptionsTable } from "../schema.ts";
import { ambientLayer, transact } from "../transaction-scope.ts";
import { recordGatewayEvent } from "./gateway-events.ts";

/** The user's plan: the subscribed one, else the free plan of their type; undefined if no such user. */
export async function readUserPlan(db: Db, userId: number): Promise<PlanId | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["planId", "userType"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.planId && isPlanId(row.planId) ? row.planId : freePlan(row.userType);
}

/**
 * Sets a user's plan without a subscription (NULL = free plan); for tests, seeds and staff. The
 * agent profile's featured listing follows the plan's grant (entitlementsFor with no
 * subscription), as it does on a subscription event.
 */
export async function setUserPlan(db: Db, userId: number, planId: PlanId | null): Promise<void> {
  await transact(db, async (trx) => {
    const user = await trx
      .updateTable("users")
      .set({ planId })
      .where("id", "=", userId)
      .returning("userType")
      .executeTakeFirst();
    if (!user) return;
    const entitled = entitlementsFor(planId ?? freePlan(user.userType), null, new Date());
    await trx
      .updateTable("agentProfiles")
      .set({ featured: entitled.featuredListing })
      .where("userId", "=", userId)
      .execute();
  });
}

const date = (d: Date | string | null) => (d === null ? null : new Date(d));

const toSubscription = (r: Selectable<SubscriptionsTable>): Subscription => ({
  id: SubscriptionId.make(r.id),
  userId: UserId.make(r.userId),
  planId: r.planId,
  interval: r.billingInterval,
  status: r.status,
  gatewaySubscriptionId: r.gatewaySubscriptionId,
  clientSecret: r.clientSecret,
  paymentIntentId: r.paymentIntentId,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
  currentPeriodStart: date(r.currentPeriodStart),
  currentPeriodEnd: date(r.currentPeriodEnd),
  cancelAtPeriodEnd: r.cancelAtPeriodEnd,
  scheduledPlanId: r.scheduledPlanId,
  pastDueSince: date(r.pastDueSince),
  canceledAt: date(r.canceledAt),
});

const toInvoice = (r: Selectable<SubscriptionInvoicesTable>): SubscriptionInvoice => ({
  id: SubscriptionInvoiceId.make(r.id),
  subscriptionId: SubscriptionId.make(r.subscriptionId),
  userId: UserId.make(r.userId),
  gatewayInvoiceId: r.gatewayInvoiceId,
  number: r.number,
  planId: r.planId,
  interval: r.billingInterval,
  amountCents: Number(r.amountCents),
  gstCents: Number(r.gstCents),
  status: r.status,
  periodStart: new Date(r.periodStart),
  periodEnd: new Date(r.periodEnd),
  paidAt: date(r.paidAt),
  failureMessage: r.failureMessage,
  createdAt: new Date(r.createdAt),
});

const OPEN = ["incomplete", "active", "past_due"] as const;

/** The plan a user holds while a subscription is open (active or past_due); NULL otherwise. */
const mirroredPlan = (s: { status: string; planId: PlanId }) =>
  s.status === "active" || s.status === "past_due" ? s.planId : null;

const gatewayColumns = (g: GatewaySubscription) => ({
  gatewaySubscriptionId: g.id,
  gatewayCustomerId: g.customerId,
  paymentIntentId: g.payment?.id ?? null,
  clientSecret: g.payment?.clientSecret ?? null,
});

async function lockUser(trx: Transaction<Database>, userId: number) {
  await sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`.execute(trx);
}

const makeRepository = (db: Db) =>
  SubscriptionRepository.of({
    begin: <E>(
      userId: number,
      decide: (open: Subscription | null) => Either.Either<"reuse" | "create", E>,
      create: {
        readonly planId: Subscription["planId"];
        readonly interval: Subscription["interval"];
        readonly at: Date;
      },
    ) =>
      Effect.flatMap(
        Effect.promise(() =>
          transact(db, async (trx) => {
            await lockUser(trx, userId);
            const open = await trx
              .selectFrom("subscriptions")
              .selectAll()
              .where("userId", "=", userId)
              .where("status", "in", [...OPEN])
              .forUpdate()
              .executeTakeFirst();
            const decision = decide(open ? toSubscription(open) : null);
            if (Either.isLeft(decision)) return Either.left(decision.left);
            if (decision.right === "reuse" && open) return Either.right(toSubscription(open));
            const row = await trx
              .insertInto("subscriptions")
              .values({
                userId,
                planId: create.planId,
                billingInterval: create.interval,
                status: "incomplete",
                createdAt: create.at,
                updatedAt: create.at,
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            return Either.right(toSubscription(row));
          }),
        ),
        (result: Either.Either<Subscription, E>) =>
          Either.isLeft(result) ? Effect.fail(result.left) : Effect.succeed(result.right),
      ),

    attachGateway: (id, gateway) =>
      Effect.promise(async () => {
        const row = await db
          .updateTable("subscriptions")
          .set({ ...gatewayColumns(gateway), updatedAt: sql<Date>`now()` })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (gateway.customerId)
          await db
            .updateTable("users")
            .set({ stripeCustomerId: gateway.customerId, stripeSubscriptionId: gateway.id })
            .where("id", "=", row.userId)
            .execute();
        return toSubscription(row);
      }),

    planOf: (userId) => Effect.promise(async () => Option.fromNullable(await readUserPlan(db, userId))),

    current: (userId) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("subscriptions")
          .selectAll()
          .where("userId", "=", userId)
          .orderBy(sql`CASE WHEN status IN ('incomplete','active','past_due') THEN 0 ELSE 1 END`)
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst();
        return Option.map(Option.fromNullable(row), toSubscription);
      }),

    applyEvent: (event, decide) =>
      Effect.promise(() =>
        transact(db, async (trx): Promise<AppliedSubscriptionEvent> => {
          const outcome = await recordGatewayEvent(trx, event, null);
          if (!outcome) return { type: "duplicate" };
          const found = await trx
            .selectFrom("subscriptions")
            .select(["id", "userId"])
            .where("gatewaySubscriptionId", "=", event.subscription.id)
            .executeTakeFirst();
          if (!found) {
            await outcome("unknown-subscription");
            return { type: "unknown-subscription" };
          }
          await lockUser(trx, found.userId);
          const row = await trx
            .selectFrom("subscriptions")
            .selectAll()
            .where("id", "=", found.id)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const before = toSubscription(row);
          const decision = decide(before);
          if (Either.isLeft(decision)) {
            await outcome(`ignored: ${decision.left.reason}`.slice(0, 200));
            return { type: "ignored", reason: decision.left.reason };
          }
          const { next, recordInvoice } = decision.right;
          const waiting = event.subscription.payment;
          const updated = await trx
            .updateTable("subscriptions")
            .set({
              status: next.status,
              planId: next.planId,
              currentPeriodStart: next.currentPeriodStart,
              currentPeriodEnd: next.currentPeriodEnd,
              cancelAtPeriodEnd: next.cancelAtPeriodEnd,
              scheduledPlanId: next.scheduledPlanId,
              pastDueSince: next.pastDueSince,
              canceledAt: next.canceledAt,
              // The open invoice's payment (past_due: "Update card" confirms it); none once paid.
              paymentIntentId: next.status === "active" ? null : (waiting?.id ?? row.paymentIntentId),
              clientSecret: next.status === "active" ? null : (waiting?.clientSecret ?? row.clientSecret),
              updatedAt: sql<Date>`now()`,
            })
            .where("id", "=", row.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await trx
            .updateTable("users")
            .set({ planId: mirroredPlan(updated) })
            .where("id", "=", row.userId)
            .execute();
          // Featured listing follows the Agent Pro entitlement (entitlementsFor, issue 13).
          const entitled = entitlementsFor(
            updated.planId,
            updated.status,
            event.created,
            updated.pastDueSince ? new Date(updated.pastDueSince) : null,
          );
          await trx
            .updateTable("agentProfiles")
            .set({ featured: entitled.featuredListing })
            .where("userId", "=", row.userId)
            .execute();
          let invoice: SubscriptionInvoice | null = null;
          if (recordInvoice && "invoice" in event) {
            const inserted = await trx
              .insertInto("subscriptionInvoices")
              .values({
                subscriptionId: row.id,
                userId: row.userId,
                gatewayInvoiceId: event.invoice.id,
                planId: event.invoice.planId,
                billingInterval: event.invoice.interval,
                amountCents: event.invoice.amountCents,
                gstCents: gstOfInclusive(event.invoice.amountCents),
                status: recordInvoice,
                periodStart: event.invoice.periodStart,
                periodEnd: event.invoice.periodEnd,
                paidAt: recordInvoice === "paid" ? event.created : null,
                failureMessage: event.invoice.failureMessage,
                createdAt: event.created,
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            const numbered =
              recordInvoice === "paid"
                ? await trx
                    .updateTable("subscriptionInvoices")
                    .set({ number: taxInvoiceNumber(inserted.id) })
                    .where("id", "=", inserted.id)
                    .returningAll()
                    .executeTakeFirstOrThrow()
                : inserted;
            invoice = toInvoice(numbered);
          }
          await outcome(`applied: ${before.status} → ${updated.status}`);
          return { type: "applied", before, after: toSubscription(updated), invoice };
        }),
      ),

    listInvoices: (userId, page) =>
      Effect.promise(async () => {
        const [rows, count] = await Promise.all([
          db
            .selectFrom("subscriptionInvoices")
            .selectAll()
            .where("userId", "=", userId)
            .orderBy("id", "desc")
            .limit(page.pageSize)
            .offset((page.page - 1) * page.pageSize)
            .execute(),
          db
            .selectFrom("subscriptionInvoices")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("userId", "=", userId)
            .executeTakeFirstOrThrow(),
        ]);
        return { items: rows.map(toInvoice), total: Number(count.n) };
      }),

    findInvoice: (userId, id) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("subscriptionInvoices")
          .selectAll()
          .where("userId", "=", userId)
          .where("id", "=", id)
          .executeTakeFirst();
        return Option.map(Option.fromNullable(row), toInvoice);
      }),

    findByPayment: (userId, paymentId) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("subscriptions")
          .selectAll()
          .where("userId", "=", userId)
          .where("paymentIntentId", "=", paymentId)
          .executeTakeFirst();
        return Option.map(Option.fromNullable(row), toSubscription);
      }),
  });

export const SubscriptionRepositoryPg = ambientLayer(SubscriptionRepository, makeRepository);
