/**
 * Transactional outbox (issue 21, ADR 0025): a use case's state change and the `send-email` job
 * it causes commit or roll back together, through core's UnitOfWork (`atomically`) and the
 * repositories joining that transaction. For a partnership request, an invoice raised and a
 * password reset: (a) success → the row and the job both exist; (b) a failure after the change
 * and the enqueue, at commit (a deferred constraint trigger) → neither exists; (c) the enqueue
 * itself fails (a trigger on `jobs`) → the change is rolled back too, and an HTTP caller gets a
 * problem response, with no partial state. Production mail path (`mail: "queued"`).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, enablePayouts, type TestApp, type TestClient } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mail: "queued" });
  await sql`CREATE FUNCTION outbox_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'outbox test: forced failure'; END $$`.execute(t.database.db);
}, 300_000);
afterAll(() => t?.close());

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

type Failure = "none" | "at-commit" | "enqueue";

/**
 * Runs `action` with a forced failure: "at-commit" = a deferred constraint trigger on `table`
 * (fires at COMMIT, after the change and its job insert); "enqueue" = the `send-email` job
 * insert raises.
 */
async function withFailure<A>(failure: Failure, table: string, action: () => Promise<A>): Promise<A> {
  const db = t.database.db;
  if (failure === "at-commit")
    await sql`CREATE CONSTRAINT TRIGGER outbox_test_at_commit AFTER INSERT OR UPDATE ON ${sql.table(table)}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION outbox_test_fail()`.execute(db);
  if (failure === "enqueue")
    await sql`CREATE TRIGGER outbox_test_enqueue BEFORE INSERT ON jobs FOR EACH ROW
      WHEN (NEW.kind = 'send-email') EXECUTE FUNCTION outbox_test_fail()`.execute(db);
  try {
    return await action();
  } finally {
    await sql`DROP TRIGGER IF EXISTS outbox_test_at_commit ON ${sql.table(table)}`.execute(db);
    await sql`DROP TRIGGER IF EXISTS outbox_test_enqueue ON jobs`.execute(db);
  }
}

/** `send-email` jobs to `to` (any state). */
const emailJobsTo = async (to: string) => {
  const { rows } = await sql<{ subject: string }>`
    SELECT payload -> 'email' ->> 'subject' AS subject FROM jobs
    WHERE kind = 'send-email' AND payload -> 'email' ->> 'to' = ${to} ORDER BY id`.execute(t.database.db);
  return rows.map((r) => r.subject);
};

const count = async (table: "partnerships" | "invoices") => {
  const row = await t.database.db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

let n = 0;
interface Party {
  readonly client: TestClient;
  readonly profileId: number;
  readonly email: string;
}
async function aParty(userType: "business" | "agent"): Promise<Party> {
  n++;
  const client = t.client();
  const email = `outbox${n}@example.com`;
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email, username: `outbox${n}`, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  const created =
    userType === "business"
      ? await client.request("/api/business-profiles", {
          method: "POST",
          json: { companyName: `Outbox Co ${n}` },
        })
      : await client.request("/api/agent-profiles", {
          method: "POST",
          json: { fullName: `Outbox Agent ${n}`, specialization: "B2B Sales", yearsOfExperience: 4 },
        });
  expect(created.status).toBe(201);
  return { client, profileId: (await bodyOf(created)).id, email };
}

/** Expects the answer to be a problem (RFC 9457) of a rolled-back change, not a success. */
async function expectProblem(res: Response) {
  expect(res.status).toBe(500);
  expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
  expect(await bodyOf(res)).toMatchObject({ type: expect.stringMatching(/\/problems\/internal$/) });
}

describe("partnership request and its email to the other party", () => {
  const request = (agent: Party, business: Party) =>
    agent.client.request("/api/partnerships", {
      method: "POST",
      json: { businessId: business.profileId, status: "pending" },
    });

  it("(a) success: the partnership row and the send-email job both exist", async () => {
    const [business, agent] = [await aParty("business"), await aParty("agent")];
    const before = await emailJobsTo(business.email);
    const res = await request(agent, business);
    expect(res.status).toBe(201);
    const id = (await bodyOf(res)).id as number;
    expect(
      await t.database.db.selectFrom("partnerships").select("status").where("id", "=", id).execute(),
    ).toEqual([{ status: "pending" }]);
    expect((await emailJobsTo(business.email)).slice(before.length)).toEqual([
      expect.stringMatching(/Outbox Agent/),
    ]);
    expect(t.violations.splice(0)).toEqual([]);
  });

  for (const failure of ["at-commit", "enqueue"] as const) {
    it(`(${failure === "at-commit" ? "b" : "c"}) ${failure} failure: neither the partnership nor the job, and a problem`, async () => {
      const [business, agent] = [await aParty("business"), await aParty("agent")];
      const jobsBefore = await emailJobsTo(business.email);
      const rowsBefore = await count("partnerships");
      const res = await withFailure(failure, "partnerships", () => request(agent, business));
      await expectProblem(res);
      expect(await count("partnerships")).toBe(rowsBefore);
      expect(await emailJobsTo(business.email)).toEqual(jobsBefore);
      // Nothing half done: the same request succeeds once the fault is gone.
      expect((await request(agent, business)).status).toBe(201);
      expect((await emailJobsTo(business.email)).length).toBe(jobsBefore.length + 1);
      t.violations.splice(0);
    });
  }
});

describe("an invoice raised and its email to the business", () => {
  async function aPair() {
    const [business, agent] = [await aParty("business"), await aParty("agent")];
    await enablePayouts(t, agent.profileId);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, start_date)
      VALUES (${business.profileId}, ${agent.profileId}, 'active', 'agent', 10, now()) RETURNING id`.execute(
      t.database.db,
    );
    return { business, agent, partnershipId: rows[0]!.id };
  }
  const raise = (p: Awaited<ReturnType<typeof aPair>>) =>
    p.agent.client.request("/api/invoices", {
      method: "POST",
      json: {
        businessId: p.business.profileId,
        partnershipId: p.partnershipId,
        amount: 120,
        description: "Leads",
      },
    });

  it("(a) success: the invoice row and the send-email job both exist", async () => {
    const pair = await aPair();
    const before = await emailJobsTo(pair.business.email);
    const res = await raise(pair);
    expect(res.status).toBe(201);
    const id = (await bodyOf(res)).id as number;
    expect(
      await t.database.db.selectFrom("invoices").select("id").where("id", "=", id).execute(),
    ).toHaveLength(1);
    expect((await emailJobsTo(pair.business.email)).slice(before.length)).toEqual([
      expect.stringMatching(new RegExp(`invoice #${id} `, "i")),
    ]);
    expect(t.violations.splice(0)).toEqual([]);
  });

  for (const failure of ["at-commit", "enqueue"] as const) {
    it(`(${failure === "at-commit" ? "b" : "c"}) ${failure} failure: neither the invoice nor the job, and a problem`, async () => {
      const pair = await aPair();
      const jobsBefore = await emailJobsTo(pair.business.email);
      const rowsBefore = await count("invoices");
      const res = await withFailure(failure, "invoices", () => raise(pair));
      await expectProblem(res);
      expect(await count("invoices")).toBe(rowsBefore);
      expect(await emailJobsTo(pair.business.email)).toEqual(jobsBefore);
      t.violations.splice(0);
    });
  }
});

describe("password reset: the reset token and its email", () => {
  /** Asks for a reset link, then runs the queued lookup job (which sets the token and emails it). */
  async function resetFor(email: string) {
    const res = await t.client().request("/api/forgot-password", { method: "POST", json: { email } });
    expect(res.status).toBeLessThan(300);
    await t.runJobs();
  }
  const tokenOf = async (email: string) =>
    (
      await t.database.db
        .selectFrom("users")
        .select("resetTokenHash")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).resetTokenHash;
  const lookupJob = async (email: string) => {
    const { rows } = await sql<{ status: string; attempts: number; lastError: string | null }>`
      SELECT status, attempts, last_error FROM jobs
      WHERE kind = 'password-reset-request' AND payload ->> 'email' = ${email}`.execute(t.database.db);
    return rows;
  };

  it("(a) success: the token is stored and the send-email job exists", async () => {
    const { email } = await aParty("agent");
    const before = await emailJobsTo(email);
    await resetFor(email);
    expect(await tokenOf(email)).toEqual(expect.any(String));
    expect((await emailJobsTo(email)).slice(before.length)).toEqual(["Reset your Closr password"]);
    expect(await lookupJob(email)).toEqual([expect.objectContaining({ status: "done" })]);
  });

  for (const failure of ["at-commit", "enqueue"] as const) {
    it(`(${failure === "at-commit" ? "b" : "c"}) ${failure} failure: neither the token nor the email; the job is retried`, async () => {
      const { email } = await aParty("agent");
      const before = await emailJobsTo(email);
      await withFailure(failure, "users", () => resetFor(email));
      expect(await tokenOf(email)).toBeNull();
      expect(await emailJobsTo(email)).toEqual(before);
      const [job] = await lookupJob(email);
      expect(job).toMatchObject({ status: "queued", attempts: 1 });
      expect(job?.lastError).toMatch(
        failure === "enqueue" ? /could not be written|forced failure/ : /forced failure/,
      );
      // The retry, with the fault gone, does both.
      await sql`UPDATE jobs SET run_at = now() WHERE kind = 'password-reset-request'`.execute(t.database.db);
      await t.runJobs();
      expect(await tokenOf(email)).toEqual(expect.any(String));
      expect((await emailJobsTo(email)).slice(before.length)).toEqual(["Reset your Closr password"]);
    });
  }
});
