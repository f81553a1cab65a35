/** Helpers for test fixtures across contexts (never used by production code). */
import { Effect, Layer } from "effect";
import { type AuditEntry, AuditLog } from "./audit.ts";
import { type DomainEvent, DomainEvents } from "./domain-events.ts";

/**
 * `T` with its branded numbers (ids, Cents) as plain numbers, so fixtures take literals such as
 * `{ id: 1, amountCents: 15_000 }`. Fixtures brand the result once, at their boundary.
 */
export type Unbranded<T> = {
  [K in keyof T]: T[K] extends number ? number : T[K] extends number | null ? number | null : T[K];
};

/** An in-memory AuditLog for unit tests: `entries` holds what was recorded, in order. */
export function makeAuditLogMemory() {
  const entries: AuditEntry[] = [];
  const layer = Layer.succeed(AuditLog, { record: (entry) => Effect.sync(() => void entries.push(entry)) });
  return { layer, entries };
}

/**
 * A recording DomainEvents for unit tests: `events` holds what the use cases published, in order
 * (`layer` provides it; without it events are dropped).
 */
export function makeDomainEventsRecorder() {
  const events: DomainEvent[] = [];
  const layer = Layer.succeed(DomainEvents, {
    publish: (event) => Effect.sync(() => void events.push(event)),
  });
  /** The tags published so far, in order. */
  const tags = () => events.map((event) => event._tag);
  return { layer, events, tags };
}
