/**
 * One in-memory world for the content use-case tests: admin user 1, member user 2 (an agent),
 * every content port in memory, files in a FileStorage map, emails and audit entries recorded,
 * the clock at 2026-11-28 00:00 UTC. `managed` holds users 1 and 2 as the admin app sees them.
 */
import { Effect, Either, Layer } from "effect";
import { accountRepositoryStub, aUser, makeIdentityMemory } from "../../identity/testing/index.ts";
import { makeMailerMemory } from "../../partnership/testing/index.ts";
import { AppUrlFrom } from "../../shared/app-url.ts";
import { makeTestClock } from "../../shared/clock.ts";
import { makeAuditLogMemory, makeFileStorageMemory } from "../../shared/testing.ts";
import {
  aManagedUser,
  imageProcessorStub,
  makeContactMemory,
  makeContentMemory,
  makeMediaMemory,
  makeUserAdministrationMemory,
  markdownRendererStub,
  siteContactsStub,
} from "./index.ts";

export const contentCast = {
  admin: aUser(1, "business", { role: "admin" }),
  member: aUser(2, "agent"),
  now: new Date("2026-11-28T00:00:00Z"),
} as const;

export function contentWorld() {
  const content = makeContentMemory();
  const media = makeMediaMemory();
  const contact = makeContactMemory();
  const managed = makeUserAdministrationMemory([
    aManagedUser(1, { role: "admin", userType: "business" }),
    aManagedUser(2),
  ]);
  const identity = makeIdentityMemory();
  const accounts = accountRepositoryStub(identity);
  const storage = makeFileStorageMemory();
  const audit = makeAuditLogMemory();
  const mailer = makeMailerMemory();
  const layer = Layer.mergeAll(
    content.layer,
    media.layer,
    contact.layer,
    managed.layer,
    identity.layer,
    accounts.layer,
    storage.layer,
    audit.layer,
    mailer.layer,
    imageProcessorStub,
    markdownRendererStub,
    siteContactsStub,
    makeTestClock(contentCast.now).layer,
    AppUrlFrom("https://closr.test"),
  );
  /** Runs a use case in this world; its Either (tagged errors on the left). */
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  /** Runs a use case that must succeed; its value. */
  const ok = async <A, E, R>(effect: Effect.Effect<A, E, R>) => Either.getOrThrow(await run(effect));
  return { content, media, contact, managed, identity, accounts, storage, audit, mailer, run, ok };
}

/** The error of a failed run, or undefined when it succeeded. */
export const leftOf = (result: Either.Either<unknown, unknown>) =>
  Either.isLeft(result) ? result.left : undefined;
