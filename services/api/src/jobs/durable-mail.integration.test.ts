/**
 * Durable email (issue 21, transactional outbox): with the production Mailer every
 * `Mailer.send` is a `send-email` job. Inside `withTransaction` the job commits or rolls back with
 * the change; a failing SMTP send is retried with back-off and then delivered exactly once; an
 * unchanged core caller (sign-up's verification email) goes through the queue. Runs on the
 * in-process table queue (both engines) and, on PostgreSQL, on pg-boss too.
 */
import type { AddressInfo } from "node:net";
import { type PgBossQueue, startPgBossQueue } from "@closr/adapters/jobs";
import { readOutbox } from "@closr/adapters/mail";
import { currentTransaction, PgDatabase, withTransaction } from "@closr/adapters/postgres";
import { Mailer } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { jobHandlers } from "./job-handlers.ts";

/** A local SMTP server that refuses the first `refusals` messages with a 451 (try again later). */
let refusals = 0;
const delivered: string[] = [];
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          return callback(error);
        }
        delivered.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    mail: "queued",
    smtp: {
      transport: { host: "127.0.0.1", port, secure: false, ignoreTLS: true },
      from: "Closr <no-reply@closr.com.au>",
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

const mail = (to: string) => Effect.flatMap(Mailer, (m) => m.send({ to, subject: "Hello", text: "Hi." }));
const send = (to: string) => t.runtime.runPromise(mail(to));

/** A change (a contact message) and its email in one transaction; `fail` rolls both back. */
const changeAndMail = (name: string, to: string, fail: boolean) =>
  t.runtime
    .runPromise(
      withTransaction(
        Effect.gen(function* () {
          const db = yield* PgDatabase;
          const trx = Option.getOrThrow(yield* currentTransaction(db));
          yield* Effect.promise(() =>
            sql`INSERT INTO contact_messages (full_name, email, subject, message)
                VALUES (${name}, 'x@example.com', 'general', 'A change that causes an email.')`.execute(trx),
          );
          yield* mail(to);
          if (fail) return yield* Effect.fail("the change failed" as const);
        }),
      ),
    )
    .catch(() => undefined);

const tableJobsTo = async (to: string) => {
  const { rows } = await sql<{ status: string; attempts: number; lastError: string | null }>`
    SELECT status, attempts, last_error FROM jobs
    WHERE kind = 'send-email' AND payload -> 'email' ->> 'to' = ${to}`.execute(t.database.db);
  return rows;
};

describe("durable email on the in-process queue", () => {
  it("a change that commits leaves exactly one queued email job; a rolled-back one leaves none", async () => {
    await changeAndMail("Committed", "committed@example.com", false);
    await changeAndMail("Rolled back", "rolledback@example.com", true);

    expect(await tableJobsTo("committed@example.com")).toEqual([
      expect.objectContaining({ status: "queued", attempts: 0 }),
    ]);
    expect(await tableJobsTo("rolledback@example.com")).toEqual([]);
    const { rows } = await sql<{ fullName: string }>`
      SELECT full_name FROM contact_messages WHERE full_name IN ('Committed', 'Rolled back')`.execute(
      t.database.db,
    );
    expect(rows.map((r) => r.fullName)).toEqual(["Committed"]);
    // Nothing is delivered until the worker runs the job.
    expect(delivered).not.toContain("committed@example.com");
    await t.runJobs();
    expect(delivered.filter((to) => to === "committed@example.com")).toHaveLength(1);
    expect(await readOutbox(t.database.db, { to: "rolledback@example.com" })).toEqual([]);
  });

  it("a failing SMTP send is retried with back-off, then delivered once", async () => {
    refusals = 2;
    await send("retry@example.com");
    await t.runJobs();
    let [job] = await tableJobsTo("retry@example.com");
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job?.lastError).toMatch(/451|try again later/i);
    expect(delivered).not.toContain("retry@example.com");
    // The back-off holds it (2 s): running due jobs now does nothing.
    await t.runJobs();
    expect((await tableJobsTo("retry@example.com"))[0]).toMatchObject({ attempts: 1 });
    for (let attempt = 2; attempt <= 3; attempt++) {
      await sql`UPDATE jobs SET run_at = now() WHERE kind = 'send-email' AND status = 'queued'`.execute(
        t.database.db,
      );
      await t.runJobs();
    }
    [job] = await tableJobsTo("retry@example.com");
    expect(job).toMatchObject({ status: "done", attempts: 3 });
    expect(delivered.filter((to) => to === "retry@example.com")).toHaveLength(1);
    expect(await readOutbox(t.database.db, { to: "retry@example.com" })).toHaveLength(1);
  });

  it("an unchanged core caller goes through the queue: sign-up's verification email", async () => {
    const res = await t.client().request("/api/register", {
      method: "POST",
      json: {
        email: "queued-signup@example.com",
        username: "queued_signup",
        password: "long enough password",
        userType: "agent",
      },
    });
    expect(res.status).toBe(201);
    expect(await tableJobsTo("queued-signup@example.com")).toHaveLength(1);
    await t.runJobs();
    expect(delivered).toContain("queued-signup@example.com");
    expect(t.violations.splice(0)).toEqual([]);
  });
});

describe("durable email on pg-boss (PostgreSQL)", () => {
  let queue: PgBossQueue | undefined;
  beforeAll(async () => {
    if (t.database.kind !== "postgres") return;
    queue = await startPgBossQueue(t.database.db, { pollSeconds: 0.5 });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop(2000);
  });

  const bossJobsTo = async (to: string) => {
    const { rows } = await sql<{ state: string; retryCount: number }>`
      SELECT state::text AS state, retry_count FROM pgboss.job
      WHERE name = 'send-email' AND data -> 'email' ->> 'to' = ${to}`.execute(t.database.db);
    return rows;
  };
  const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    return false;
  };

  it("commits or rolls back with the change, retries a failing send, delivers once", async (ctx) => {
    if (!queue) return ctx.skip();
    refusals = 1;
    await changeAndMail("Boss committed", "boss-committed@example.com", false);
    await changeAndMail("Boss rolled back", "boss-rolledback@example.com", true);
    expect(await bossJobsTo("boss-committed@example.com")).toEqual([
      expect.objectContaining({ state: "created" }),
    ]);
    expect(await bossJobsTo("boss-rolledback@example.com")).toEqual([]);

    await queue.work({ "send-email": jobHandlers(t.runtime)["send-email"] });
    expect(
      await waitFor(async () => (await bossJobsTo("boss-committed@example.com"))[0]?.state === "completed"),
    ).toBe(true);
    const [job] = await bossJobsTo("boss-committed@example.com");
    expect(Number(job!.retryCount)).toBe(1); // refused once, delivered on the retry
    expect(delivered.filter((to) => to === "boss-committed@example.com")).toHaveLength(1);
    expect(delivered).not.toContain("boss-rolledback@example.com");
  }, 60_000);
});
