/** Helpers for test fixtures across contexts (never used by production code). */
import { Effect, Layer, Option } from "effect";
import { type AuditEntry, AuditLog } from "./audit.ts";
import {
  type DisputeFacts,
  type DomainEvent,
  DomainEvents,
  type InvoiceFacts,
  type PartnershipFacts,
} from "./domain-events.ts";
import { FileStorage } from "./file-storage.ts";

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
 * An in-memory FileStorage for unit tests: `files` maps each key (`<prefix>/file-<n>`) to its
 * bytes and type; `removed` lists the keys removed, in order.
 */
export function makeFileStorageMemory() {
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const removed: string[] = [];
  let next = 0;
  const layer = Layer.succeed(FileStorage, {
    put: (prefix, bytes, contentType) =>
      Effect.sync(() => {
        const key = `${prefix}/file-${++next}`;
        files.set(key, { bytes, contentType });
        return { key, size: bytes.byteLength, contentType };
      }),
    get: (key) => Effect.sync(() => Option.map(Option.fromNullable(files.get(key)), (file) => file.bytes)),
    remove: (key) =>
      Effect.sync(() => {
        files.delete(key);
        removed.push(key);
      }),
  });
  return { layer, files, removed };
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

/** A partnership as events carry it (business 10 owned by user 1, agent 20 owned by user 2). */
export const aPartnershipFacts = (overrides: Partial<Unbranded<PartnershipFacts>> = {}): PartnershipFacts =>
  ({
    id: 7,
    businessId: 10,
    agentId: 20,
    status: "pending",
    requestedBy: "business",
    commissionRate: 12,
    startDate: null,
    endDate: null,
    createdAt: new Date("2026-11-01T00:00:00Z"),
    business: { userId: 1, companyName: "Acme Solar" },
    agent: { userId: 2, fullName: "Sam Agent" },
    ...overrides,
  }) as PartnershipFacts;

/** An invoice as events carry it ($1,100.00, due 2026-12-01). */
export const anInvoiceFacts = (overrides: Partial<Unbranded<InvoiceFacts>> = {}): InvoiceFacts =>
  ({
    id: 31,
    partnershipId: 7,
    businessId: 10,
    agentId: 20,
    amountCents: 110_000,
    description: "November sales",
    dueDate: "2026-12-01",
    isPaid: false,
    agentName: "Sam Agent",
    ...overrides,
  }) as InvoiceFacts;

/** A dispute as events carry it (on invoice 31, users 1 and 2). */
export const aDisputeFacts = (overrides: Partial<Unbranded<DisputeFacts>> = {}): DisputeFacts =>
  ({
    id: 5,
    invoiceId: 31,
    businessUserId: 1,
    agentUserId: 2,
    businessName: "Acme Solar",
    agentName: "Sam Agent",
    state: "open",
    settledAmountCents: null,
    proposal: null,
    ...overrides,
  }) as DisputeFacts;
