/**
 * Demo subscriptions (issue 13), through the real use cases and the local gateway with test cards:
 * Harbour Tech on Professional, Sunrise Health on Enterprise, Mia Chen on Agent Pro (featured),
 * the admin's business on the free Basic plan, and one generated business whose renewal failed
 * (past_due, in its 7-day grace). Idempotent: skipped once Harbour Tech has a subscription.
 */
import type { User } from "@closr/core/identity";
import { UserRepository } from "@closr/core/identity";
import { UserId } from "@closr/core/shared";
import {
  confirmLocalSubscriptionPayment,
  getOrCreateSubscription,
  runLocalBilling,
} from "@closr/core/subscription";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import { PgDatabase } from "../postgres/index.ts";
import { userByLogin } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

const card = { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" };

/** Subscribes and pays with 4242 (the local gateway), as the checkout would. */
const subscribeAndPay = (user: User, priceId: string) =>
  Effect.gen(function* () {
    const started = yield* getOrCreateSubscription(user, priceId);
    const s = started.subscription;
    if (started.isActive || !s.paymentIntentId || !started.clientSecret) return s;
    yield* confirmLocalSubscriptionPayment(user, s.paymentIntentId, started.clientSecret, card);
    return s;
  });

export async function seedDemoSubscriptions(runtime: SeedRuntime) {
  await runtime.runPromise(
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      const harbour = yield* userByLogin("harbourtech");
      if (Option.isNone(harbour)) return;
      const existing = yield* Effect.promise(() =>
        db.selectFrom("subscriptions").select("id").where("userId", "=", harbour.value.id).executeTakeFirst(),
      );
      if (existing) return;
      yield* subscribeAndPay(harbour.value, "price_professional");
      const sunrise = yield* userByLogin("sunrisehealth");
      if (Option.isSome(sunrise)) yield* subscribeAndPay(sunrise.value, "price_enterprise");
      const mia = yield* userByLogin("mia.chen");
      if (Option.isSome(mia)) {
        yield* subscribeAndPay(mia.value, "price_agent_pro");
        // A verified agent on a badge plan, so the demo shows the Verified badge (ADR 0042: the
        // badge = verified AND Professional, Enterprise or Agent Pro).
        const miaId = mia.value.id;
        yield* Effect.promise(() =>
          db.updateTable("users").set({ verificationStatus: "verified" }).where("id", "=", miaId).execute(),
        );
      }

      // One generated business whose renewal is declined: its period ends now, its card is 0002.
      const row = yield* Effect.promise(() =>
        db
          .selectFrom("businessProfiles as b")
          .innerJoin("users as u", "u.id", "b.userId")
          .select("u.id")
          .where("u.username", "not in", ["harbourtech", "sunrisehealth", "admin"])
          .orderBy("b.id")
          .limit(1)
          .executeTakeFirst(),
      );
      if (!row) return;
      const late = yield* (yield* UserRepository).findById(UserId.make(row.id));
      if (Option.isNone(late)) return;
      yield* subscribeAndPay(late.value, "price_professional");
      yield* Effect.promise(() =>
        db
          .updateTable("localSubscriptions")
          .set({
            cardOutcome: "decline",
            cardLastFour: "0002",
            currentPeriodEnd: sql<Date>`now() - interval '1 minute'`,
          })
          .where("userId", "=", row.id)
          .execute(),
      );
      yield* runLocalBilling();
    }),
  );
}
