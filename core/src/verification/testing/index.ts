/**
 * In-memory verification ports for unit tests: a repository that behaves like the Postgres one
 * (one open request per user; every change also sets the applicant's status in `userStatuses`),
 * a FileStorage map, an AbnRegistry over a small table, and a recording Mailer.
 */
import { Effect, Either, Layer, Option } from "effect";
import type { Abn } from "../../shared/abn.ts";
import { FileStorage } from "../../shared/file-storage.ts";
import { type Email, Mailer, VerificationRequestId } from "../../shared/index.ts";
import { AbnRegistryUnavailable, VerificationAlreadyOpen, VerificationRequestNotFound } from "../errors.ts";
import { type AbnLookup, isOpen, userStatusFor, type VerificationRequestView } from "../model.ts";
import { AbnRegistry, VerificationRepository, type VerificationUpdate } from "../ports.ts";

/** Registry entries for tests and the local default (real, public ABNs from the ATO examples). */
export const sampleAbnRecords: Readonly<
  Record<string, { entityName: string; status: string; gstRegistered: boolean }>
> = {
  "51824753556": { entityName: "AUSTRALIAN TAXATION OFFICE", status: "Active", gstRegistered: true },
  "53004085616": { entityName: "TELSTRA GROUP LIMITED", status: "Active", gstRegistered: true },
};

export function makeVerificationMemory(options: { readonly usernames?: (userId: number) => string } = {}) {
  const rows: VerificationRequestView[] = [];
  const userStatuses = new Map<number, "unverified" | "pending" | "verified">();
  const files = new Map<string, Uint8Array>();
  const sent: Email[] = [];
  let nextId = 1;
  let nextKey = 1;
  let registryDown = false;

  const repository = Layer.succeed(VerificationRepository, {
    listFor: (userId) =>
      Effect.sync(() =>
        rows
          .filter((r) => r.userId === userId)
          .sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime() || b.id - a.id),
      ),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.find((r) => r.id === id))),
    queue: (filter) =>
      Effect.sync(() => {
        const all = rows
          .filter((r) => filter.statuses.length === 0 || filter.statuses.includes(r.status))
          .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime() || a.id - b.id);
        const start = (filter.page - 1) * filter.pageSize;
        return { items: all.slice(start, start + filter.pageSize), total: all.length };
      }),
    create: (request) =>
      Effect.suspend(() => {
        const open = rows.find((r) => r.userId === request.userId && isOpen(r.status));
        if (open) return Effect.fail(new VerificationAlreadyOpen({ status: open.status }));
        const username = options.usernames?.(request.userId) ?? `user${request.userId}`;
        const row: VerificationRequestView = {
          ...request,
          id: VerificationRequestId.make(nextId++),
          status: "submitted",
          adminNotes: null,
          reviewedAt: null,
          reviewedBy: null,
          updatedAt: request.submittedAt,
          applicant: { username, email: `u${request.userId}@example.com` },
        };
        rows.push(row);
        userStatuses.set(request.userId, "pending");
        return Effect.succeed(row);
      }),
    change: <E>(
      id: VerificationRequestId,
      decide: (current: VerificationRequestView) => Either.Either<VerificationUpdate, E>,
    ) =>
      Effect.suspend((): Effect.Effect<VerificationRequestView, E | VerificationRequestNotFound> => {
        const index = rows.findIndex((r) => r.id === id);
        const current = rows[index];
        if (!current) return Effect.fail(new VerificationRequestNotFound({ id }));
        const decided = decide(current);
        if (Either.isLeft(decided)) return Effect.fail(decided.left);
        const next: VerificationRequestView = { ...current, ...decided.right, updatedAt: new Date() };
        rows[index] = next;
        userStatuses.set(next.userId, userStatusFor(next.status));
        return Effect.succeed(next);
      }),
  });

  const storage = Layer.succeed(FileStorage, {
    put: (prefix, bytes, contentType) =>
      Effect.sync(() => {
        const key = `${prefix}/key-${nextKey++}`;
        files.set(key, bytes);
        return { key, size: bytes.byteLength, contentType };
      }),
    get: (key) => Effect.sync(() => Option.fromNullable(files.get(key))),
    remove: (key) =>
      Effect.sync(() => {
        files.delete(key);
      }),
  });

  const registry = Layer.succeed(AbnRegistry, {
    lookup: (abn: Abn) =>
      registryDown
        ? Effect.fail(new AbnRegistryUnavailable({ message: "down" }))
        : Effect.succeed(localLookup(abn, new Date(0))),
  });

  const mailer = Layer.succeed(Mailer, {
    send: (email) =>
      Effect.sync(() => {
        sent.push(email);
      }),
  });

  return {
    layer: Layer.mergeAll(repository, storage, registry, mailer),
    rows,
    userStatuses,
    files,
    sent,
    setRegistryDown: (down: boolean) => {
      registryDown = down;
    },
  };
}

/** Looks an ABN up in `sampleAbnRecords`. */
export function localLookup(abn: string, at: Date): AbnLookup {
  const record = sampleAbnRecords[abn];
  return record
    ? { found: true, abn, ...record, source: "local", checkedAt: at }
    : { found: false, abn, source: "local", checkedAt: at };
}
