/** OnboardingRepository on PostgreSQL: one row per user (unique user_id), created idempotently. */
import { type Onboarding, OnboardingRepository } from "@closr/core/onboarding";
import type { UserId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { ambientLayer } from "../transaction-scope.ts";

type Row = {
  id: number;
  userId: number;
  status: Onboarding["status"];
  currentStep: number;
  totalSteps: number;
  completedSteps: number[];
  lastUpdated: Date;
  completedAt: Date | null;
  metadata: unknown;
};

/** A jsonb value as an object (postgres.js may hand back text for older rows). */
const jsonObject = (value: unknown): Record<string, unknown> => {
  const parsed = typeof value === "string" ? JSON.parse(value) : value;
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
};

const toOnboarding = (row: Row): Onboarding => ({
  id: Number(row.id),
  userId: Number(row.userId) as UserId,
  status: row.status,
  currentStep: row.currentStep,
  totalSteps: row.totalSteps,
  completedSteps: [...(row.completedSteps ?? [])].map(Number).sort((a, b) => a - b),
  lastUpdated: new Date(row.lastUpdated),
  completedAt: row.completedAt ? new Date(row.completedAt) : null,
  metadata: jsonObject(row.metadata),
});

const makeOnboardingRepository = (db: Db) => {
  const find = (userId: number) =>
    db.selectFrom("onboarding").selectAll().where("userId", "=", userId).executeTakeFirst();
  return OnboardingRepository.of({
    find: (userId) =>
      Effect.promise(() => find(userId)).pipe(
        Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toOnboarding))),
      ),
    create: (userId, totalSteps, metadata) =>
      Effect.promise(async () => {
        const inserted = await db
          .insertInto("onboarding")
          .values({
            userId,
            totalSteps,
            metadata: sql<string>`cast(${JSON.stringify(metadata)}::text as jsonb)`,
          })
          .onConflict((oc) => oc.column("userId").doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) return { onboarding: toOnboarding(inserted), created: true };
        const existing = await find(userId);
        if (!existing) throw new Error("onboarding row vanished");
        return { onboarding: toOnboarding(existing), created: false };
      }),
    save: (o) =>
      Effect.promise(() =>
        db
          .updateTable("onboarding")
          .set({
            status: o.status,
            currentStep: o.currentStep,
            completedSteps: [...o.completedSteps],
            lastUpdated: o.lastUpdated,
            completedAt: o.completedAt,
            metadata: sql<string>`cast(${JSON.stringify(o.metadata)}::text as jsonb)`,
          })
          .where("id", "=", o.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      ).pipe(Effect.map(toOnboarding)),
  });
};

export const OnboardingRepositoryPg = ambientLayer(OnboardingRepository, makeOnboardingRepository);
