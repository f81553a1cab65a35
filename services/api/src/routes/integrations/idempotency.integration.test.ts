/**
 * Idempotency-Key (issue 20 Done-when): a replay returns the first body; a changed body answers
 * 422; 50 parallel same-key POSTs create one invoice; keys are per account.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { anActivePartnership, aTestParty } from "../../testing/parties.ts";
import type { TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
const signUp = (userType: "business" | "agent"): Promise<{ client: TestClient; profileId: number }> => {
  n++;
  const profile =
    userType === "business"
      ? { companyName: `Idem ${n}` }
      : { fullName: `Idem ${n}`, specialization: "B2B Sales", yearsOfExperience: 4 };
  return aTestParty(t, userType, { username: `idem${n}`, profile, payouts: true });
};

/** A business and an agent with payouts and an active partnership. */
async function aPair() {
  const business = await signUp("business");
  const agent = await signUp("agent");
  return { business, agent, partnershipId: await anActivePartnership(t, { business, agent }) };
}

const invoiceCount = async (partnershipId: number) =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM invoices WHERE partnership_id = ${partnershipId}`.execute(t.database.db)
    ).rows[0]!.n,
  );

describe("Idempotency-Key on creating POSTs (issue 20)", () => {
  it("replays the first response for the same key and body; 422 for a different body", async () => {
    const { business, agent, partnershipId } = await aPair();
    const json = { businessId: business.profileId, partnershipId, amount: 100, description: "Leads" };
    const headers = { "idempotency-key": "key-replay-1" };
    const first = await agent.client.request("/api/invoices", { method: "POST", json, headers });
    expect(first.status).toBe(201);
    const firstBody = await bodyOf(first);
    const again = await agent.client.request("/api/invoices", { method: "POST", json, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await bodyOf(again)).toEqual(firstBody);
    expect(await invoiceCount(partnershipId)).toBe(1);

    const changed = await agent.client.request("/api/invoices", {
      method: "POST",
      json: { ...json, amount: 200 },
      headers,
    });
    expect(changed.status).toBe(422);
    expect((await bodyOf(changed)).type).toBe("/problems/idempotency-key-reused");
    expect(await invoiceCount(partnershipId)).toBe(1);

    // without a key, or with another key, a new invoice is created
    expect((await agent.client.request("/api/invoices", { method: "POST", json })).status).toBe(201);
    expect(
      (
        await agent.client.request("/api/invoices", {
          method: "POST",
          json,
          headers: { "idempotency-key": "key-2" },
        })
      ).status,
    ).toBe(201);
    expect(await invoiceCount(partnershipId)).toBe(3);
  });

  it("50 parallel POSTs with one key create one invoice", async () => {
    const { business, agent, partnershipId } = await aPair();
    const json = { businessId: business.profileId, partnershipId, amount: 75.5, description: "Parallel" };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        agent.client.request("/api/invoices", {
          method: "POST",
          json,
          headers: { "idempotency-key": "parallel-1" },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const ids = new Set(
      await Promise.all(responses.filter((r) => r.status === 201).map(async (r) => (await bodyOf(r)).id)),
    );
    expect(ids.size).toBe(1);
    expect(await invoiceCount(partnershipId)).toBe(1);
    const conflict = responses.find((r) => r.status === 409);
    if (conflict) expect((await bodyOf(conflict)).type).toBe("/problems/idempotency-key-in-use");
  });

  it("stores a 4xx answer too: the same bad request with the key replays it, creating nothing", async () => {
    const { business, agent, partnershipId } = await aPair();
    const headers = { "idempotency-key": "bad-1" };
    const json = { businessId: business.profileId, partnershipId, amount: -1, description: "Bad" };
    const bad = await agent.client.request("/api/invoices", { method: "POST", json, headers });
    expect(bad.status).toBe(422);
    const replay = await agent.client.request("/api/invoices", { method: "POST", json, headers });
    expect(replay.status).toBe(422);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await invoiceCount(partnershipId)).toBe(0);
  });
});
