/**
 * One in-memory world for the agreement use-case tests: partnership 1 (active) between business
 * user 20 (Harbour Tech) and agent user 10 (Mia Chen), whose account password is "secret";
 * partnership 2 pending; user 30 a stranger on the Enterprise plan; user 40 staff. Records the
 * emails, the domain events and the PDF renders; the clock stands at 2026-11-28 00:00 UTC.
 */
import { Effect, Either, Layer } from "effect";
import { accountRepositoryStub, aUser, makeIdentityMemory } from "../../identity/testing/index.ts";
import { makeMailerMemory } from "../../partnership/testing/index.ts";
import { AppUrlFrom } from "../../shared/app-url.ts";
import { makeTestClock } from "../../shared/clock.ts";
import { PartnershipId } from "../../shared/ids.ts";
import { makeDomainEventsRecorder } from "../../shared/testing.ts";
import { subscriptionPlanStub } from "../../subscription/testing/index.ts";
import {
  anAgreementParties,
  documentDigestStub,
  makeAgreementMemory,
  makeAgreementPdfRecorder,
} from "./index.ts";

export const agreementCast = {
  agent: aUser(10, "agent"),
  business: aUser(20, "business"),
  stranger: aUser(30, "business"),
  staff: aUser(40, "business", { role: "admin" }),
  active: PartnershipId.make(1),
  pending: PartnershipId.make(2),
  /** The account password of the agent and the business. */
  password: "secret",
} as const;

/** Valid terms: 15% straight commission in Sydney, 14-day payment terms, from 2026-11-01, open-ended. */
export const someTerms = {
  model: { type: "straight", rate: 15 },
  territory: ["sydney"],
  exclusive: false,
  products: "Cloud accounting software subscriptions",
  paymentTermsDays: 14,
  startDate: "2026-11-01",
  endDate: null,
  noticeDays: 30,
} as const;

export function agreementWorld() {
  const memory = makeAgreementMemory([
    anAgreementParties(),
    anAgreementParties({ partnershipId: agreementCast.pending, partnershipStatus: "pending" }),
  ]);
  const identity = makeIdentityMemory();
  for (const user of [agreementCast.agent, agreementCast.business])
    identity.users.push({ user, passwordHash: `fake$${agreementCast.password}` });
  const accounts = accountRepositoryStub(identity);
  const mailer = makeMailerMemory();
  const events = makeDomainEventsRecorder();
  const pdf = makeAgreementPdfRecorder();
  const clock = makeTestClock(new Date("2026-11-28T00:00:00Z"));
  const layer = Layer.mergeAll(
    memory.layer,
    identity.layer,
    accounts.layer,
    mailer.layer,
    events.layer,
    pdf.layer,
    documentDigestStub,
    subscriptionPlanStub({ 30: "enterprise" }),
    clock.layer,
    AppUrlFrom("https://closr.test"),
  );
  /** Runs a use case in this world; its Either (tagged errors on the left). */
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  /** Runs a use case that must succeed; its value. */
  const ok = async <A, E, R>(effect: Effect.Effect<A, E, R>) => Either.getOrThrow(await run(effect));
  return { memory, identity, mailer, events, pdf, clock, run, ok };
}

/** The error of a failed run, or undefined when it succeeded. */
export const leftOf = (result: Either.Either<unknown, unknown>) =>
  Either.isLeft(result) ? result.left : undefined;
