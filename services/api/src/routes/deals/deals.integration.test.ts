/**
 * Deals and sales through the HTTP service on PostgreSQL (issue 43 part A, ADR 0062): a
 * 10,000-row CSV with 3 bad rows names each (row, column) and stores nothing, and with
 * importValidRows stores the 9,997; two agents registering one customer at once get one 201 and
 * one 409 that says only "This customer is already registered"; another party's deal, sale and
 * partnership answer 404; a business sale retried with its Idempotency-Key is stored once; an
 * agent-reported sale is disputed or confirmed by the business, and confirmed by the deal sweep
 * once its window ended (injected clock).
 */
import { makeTestClock } from "@closr/core/shared";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { runDealSweep } from "../../jobs/deal-sweeps.ts";
import { anActivePartnership, aTestParty, partyProfile, type TestParty } from "../../testing/parties.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

const start = new Date("2026-12-02T00:00:00Z"); // Wednesday 11:00 in Sydney
const clock = makeTestClock(start);
const t = useTestApp({ clock: clock.layer });
const today = "2026-12-02";

let n = 0;
const aParty = (userType: "business" | "agent") => {
  n++;
  return aTestParty(t, userType, { username: `deals${n}`, profile: partyProfile(userType, n) });
};

/** A business and an agent in an active partnership. */
async function partners(business?: TestParty) {
  const b = business ?? (await aParty("business"));
  const agent = await aParty("agent");
  const partnershipId = await anActivePartnership(t, { business: b, agent });
  return { business: b, agent, partnershipId };
}

const customer = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  abn: null,
  website: `${name.toLowerCase().replace(/[^a-z]+/g, "")}.com.au`,
  contactName: "Sam Lee",
  contactEmail: "sam@example.com",
  ...over,
});

async function registered(p: Awaited<ReturnType<typeof partners>>, name: string) {
  const res = await p.agent.client.request("/api/deals", {
    method: "POST",
    json: { partnershipId: p.partnershipId, customer: customer(name), estimatedValue: 24000 },
  });
  expect(res.status).toBe(201);
  return (await bodyOf(res)).id as number;
}

async function approved(p: Awaited<ReturnType<typeof partners>>, name: string) {
  const id = await registered(p, name);
  const res = await p.business.client.request(`/api/deals/${id}/approve`, { method: "POST", json: {} });
  expect(res.status).toBe(200);
  expect((await bodyOf(res)).protectedUntil).toBe("2027-03-02");
  return id;
}

const csv = (dealId: number, rows: number, bad: Map<number, string[]>) =>
  [
    "date,amount,kind,deal,reference",
    ...Array.from({ length: rows }, (_, i) => {
      const row = i + 1;
      return (bad.get(row) ?? [today, "125.50", "one_off", String(dealId), `ORD-${row}`]).join(",");
    }),
  ].join("\n");

describe("deals over HTTP", () => {
  it("registers, approves and protects a deal; another party gets 404", async () => {
    const p = await partners();
    const id = await approved(p, "Harbour Tech");
    const got = await p.agent.client.request(`/api/deals/${id}`);
    expect(got.status).toBe(200);
    expect(await bodyOf(got)).toMatchObject({
      state: "approved",
      estimatedValue: 24000,
      customer: { name: "Harbour Tech", domain: "harbourtech.com.au" },
    });
    const list = await p.agent.client.request("/api/deals?state=approved");
    expect(await bodyOf(list)).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    const stranger = await partners();
    for (const client of [stranger.business.client, stranger.agent.client]) {
      expect((await client.request(`/api/deals/${id}`)).status).toBe(404);
      expect((await client.request(`/api/deals/${id}/approve`, { method: "POST", json: {} })).status).toBe(
        404,
      );
      expect((await client.request(`/api/partnerships/${p.partnershipId}/sales`)).status).toBe(404);
    }
    // Only the business approves (the agent is a party: 409, not 404).
    const own = await registered(p, "Coastal Plumbing");
    const byAgent = await p.agent.client.request(`/api/deals/${own}/approve`, { method: "POST", json: {} });
    expect(byAgent.status).toBe(409);
    expect((await bodyOf(byAgent)).type).toBe("/problems/deal-transition");
  }, 60_000);

  it("proof files (at most 3, by their contents), renew, won, lost and a rejection in the business's words", async () => {
    const p = await partners();
    const id = await approved(p, "Ironbark Logistics");
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const form = new FormData();
      form.set("file", new File([bytes], name));
      return p.agent.client.request(`/api/deals/${id}/proofs`, { method: "POST", body: form });
    };
    expect((await upload(new TextEncoder().encode("not a picture"), "notes.txt")).status).toBe(422);
    const stored = await upload(png, "meeting.png");
    expect(stored.status).toBe(201);
    const proof = await bodyOf(stored);
    expect(proof).toMatchObject({ contentType: "image/png", fileName: "meeting.png" });
    for (const name of ["b.png", "c.png"]) expect((await upload(png, name)).status).toBe(201);
    const fourth = await upload(png, "d.png");
    expect(fourth.status).toBe(422);
    expect((await bodyOf(fourth)).errors).toEqual([
      { field: "file", message: "A deal can have at most 3 proof files." },
    ]);
    const download = await p.business.client.request(proof.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);
    expect((await (await aParty("business")).client.request(proof.url)).status).toBe(404);

    const renewed = await p.business.client.request(`/api/deals/${id}/renew`, {
      method: "POST",
      json: { days: 30 },
    });
    expect((await bodyOf(renewed)).protectedUntil).toBe("2027-04-01");
    const won = await p.business.client.request(`/api/deals/${id}/won`, { method: "POST" });
    expect(await bodyOf(won)).toMatchObject({ state: "won" });
    expect((await p.agent.client.request(`/api/deals/${id}/lost`, { method: "POST" })).status).toBe(409);

    const other = await registered(p, "Saltwater Fisheries");
    const noWords = await p.business.client.request(`/api/deals/${other}/reject`, {
      method: "POST",
      json: { reason: "other" },
    });
    expect(noWords.status).toBe(409);
    const rejected = await p.business.client.request(`/api/deals/${other}/reject`, {
      method: "POST",
      json: { reason: "other", note: "We signed them directly in October." },
    });
    expect(await bodyOf(rejected)).toMatchObject({
      state: "rejected",
      rejectionReason: "other",
      rejectionNote: "We signed them directly in October.",
    });
  }, 60_000);

  it("two agents registering one customer at the same moment: one 201, one 409 that names nobody", async () => {
    const business = await aParty("business");
    const a = await partners(business);
    const b = await partners(business);
    const answers = await Promise.all(
      [a, b].map((p) =>
        p.agent.client.request("/api/deals", {
          method: "POST",
          json: {
            partnershipId: p.partnershipId,
            customer: customer("Racing Dental", { abn: "51 824 753 556" }),
          },
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = await bodyOf(answers.find((r) => r.status === 409)!);
    expect(refused).toMatchObject({
      type: "/problems/customer-already-registered",
      detail: "This customer is already registered",
    });
    expect(JSON.stringify(refused)).not.toMatch(/Mia Chen|agent/i);
    // The ABN written another way, by a third agent, is refused too.
    const c = await partners(business);
    const again = await c.agent.client.request("/api/deals", {
      method: "POST",
      json: { partnershipId: c.partnershipId, customer: customer("Someone Else", { abn: "51-824-753-556" }) },
    });
    expect(again.status).toBe(409);
  }, 60_000);

  it("a house account cannot be registered until the business removes it (another business cannot)", async () => {
    const p = await partners();
    const house = await p.business.client.request("/api/customers", {
      method: "POST",
      json: { name: "Blue Gum Hotels", abn: "53 004 085 616", website: "bluegum.com.au", houseAccount: true },
    });
    expect(house.status).toBe(201);
    const listed = await bodyOf(await p.business.client.request("/api/customers"));
    expect(listed.items.map((c: { houseAccount: boolean }) => c.houseAccount)).toEqual([true]);
    const res = await p.agent.client.request("/api/deals", {
      method: "POST",
      json: {
        partnershipId: p.partnershipId,
        customer: customer("Blue Gum Hotels Pty Ltd", { website: null }),
      },
    });
    expect(res.status).toBe(409);
    // Removed from the list (another business cannot), the customer can be registered.
    const houseId = listed.items[0].id;
    const stranger = await aParty("business");
    expect((await stranger.client.request(`/api/customers/${houseId}`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect((await p.business.client.request(`/api/customers/${houseId}`, { method: "DELETE" })).status).toBe(
      204,
    );
    const now = await p.agent.client.request("/api/deals", {
      method: "POST",
      json: {
        partnershipId: p.partnershipId,
        customer: customer("Blue Gum Hotels Pty Ltd", { website: null }),
      },
    });
    expect(now.status).toBe(201);
    // Agents have no customer list of their own to add to.
    expect(
      (
        await p.agent.client.request("/api/customers", {
          method: "POST",
          json: { name: "Mine", houseAccount: false },
        })
      ).status,
    ).toBe(404);
  }, 60_000);
});

describe("sales over HTTP", () => {
  it("a 10,000-row CSV with 3 bad rows: each named by row and column, nothing stored; with importValidRows the 9,997 are", async () => {
    const p = await partners();
    const dealId = await approved(p, "Wattle Software");
    const bad = new Map([
      [17, [today, "12.345", "one_off", String(dealId), "ORD-17"]],
      [5000, ["2026-13-01", "99.00", "one_off", String(dealId), "ORD-5000"]],
      [9999, [today, "10.00", "weekly", String(dealId), "ORD-9999"]],
    ]);
    const file = csv(dealId, 10_000, bad);
    const path = `/api/partnerships/${p.partnershipId}/sales/import`;
    const dry = await p.business.client.request(path, {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: file,
    });
    expect(dry.status).toBe(200);
    const report = await bodyOf(dry);
    expect(report).toMatchObject({ stored: false, imported: 0, validRows: 9997, rows: 10_000 });
    expect(report.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [17, "amount"],
      [5000, "date"],
      [9999, "kind"],
    ]);
    const count = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM sales WHERE partnership_id = ${p.partnershipId}`.execute(
            t.database.db,
          )
        ).rows[0]?.n,
      );
    expect(await count()).toBe(0);
    // The same file as multipart, choosing to import the valid rows.
    const form = new FormData();
    form.set("file", new File([file], "sales.csv", { type: "text/csv" }));
    const stored = await p.business.client.request(`${path}?importValidRows=true`, {
      method: "POST",
      body: form,
    });
    expect(stored.status).toBe(200);
    expect(await bodyOf(stored)).toMatchObject({ stored: true, imported: 9997, validRows: 9997 });
    expect(await count()).toBe(9997);
    const page = await bodyOf(
      await p.agent.client.request(`/api/partnerships/${p.partnershipId}/sales?pageSize=1&state=confirmed`),
    );
    expect(page).toMatchObject({
      total: 9997,
      items: [{ amount: 125.5, source: "csv", state: "confirmed" }],
    });
    // The agent cannot import; another business gets 404.
    const stranger = await aParty("business");
    for (const client of [p.agent.client, stranger.client])
      expect(
        (await client.request(path, { method: "POST", headers: { "content-type": "text/csv" }, body: file }))
          .status,
      ).toBe(404);
  }, 180_000);

  it("a business sale with an Idempotency-Key is stored once; an agent's waits, is disputed or confirmed, or confirms by the clock", async () => {
    const p = await partners();
    const dealId = await approved(p, "Saltbush Farms");
    const sale = {
      partnershipId: p.partnershipId,
      dealId,
      amount: 1250,
      saleDate: today,
      kind: "recurring_monthly",
    };
    const headers = { "idempotency-key": "crm-export-20931" };
    const first = await p.business.client.request("/api/sales", {
      method: "POST",
      headers,
      json: { ...sale, externalRef: "INV-20931" },
    });
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/api/sales/${(await bodyOf(first.clone())).id}`);
    const replay = await p.business.client.request("/api/sales", {
      method: "POST",
      headers,
      json: { ...sale, externalRef: "INV-20931" },
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    // From the business's CRM with an API key (partnerships:write), retried with its key.
    await sql`INSERT INTO api_access_grants (user_id) VALUES (${p.business.userId})`.execute(t.database.db);
    const key = await bodyOf(
      await p.business.client.request("/api/api-keys", {
        method: "POST",
        json: { name: "CRM sync", scopes: ["partnerships:write"] },
      }),
    );
    const byKey = () =>
      t.client().request("/api/sales", {
        method: "POST",
        headers: { authorization: `Bearer ${key.secret}`, "idempotency-key": "crm-order-20932" },
        json: { ...sale, externalRef: "INV-20932" },
      });
    const viaApi = await byKey();
    expect(viaApi.status).toBe(201);
    expect(await bodyOf(viaApi)).toMatchObject({ reportedBy: "api", source: "api", state: "confirmed" });
    expect((await byKey()).headers.get("idempotent-replayed")).toBe("true");
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sales
      WHERE partnership_id = ${p.partnershipId} AND external_ref IN ('INV-20931', 'INV-20932')`.execute(
      t.database.db,
    );
    expect(Number(stored.rows[0]?.n)).toBe(2);
    const duplicate = await p.business.client.request("/api/sales", {
      method: "POST",
      json: { ...sale, externalRef: "INV-20931" },
    });
    expect(duplicate.status).toBe(409);
    expect((await bodyOf(duplicate)).type).toBe("/problems/sale-duplicate");

    const report = async () => {
      const res = await p.agent.client.request("/api/sales", {
        method: "POST",
        json: { ...sale, amount: 300 },
      });
      expect(res.status).toBe(201);
      const body = await bodyOf(res);
      expect(body).toMatchObject({ state: "reported", reportedBy: "agent" });
      return body as { id: number; confirmBy: string };
    };
    const disputed = await report();
    const answer = await p.business.client.request(`/api/sales/${disputed.id}/dispute`, {
      method: "POST",
      json: { note: "This order was cancelled before delivery." },
    });
    expect(await bodyOf(answer)).toMatchObject({ state: "disputed" });
    const confirmed = await report();
    expect(
      (await p.agent.client.request(`/api/sales/${confirmed.id}/confirm`, { method: "POST" })).status,
    ).toBe(409);
    expect(
      await bodyOf(await p.business.client.request(`/api/sales/${confirmed.id}/confirm`, { method: "POST" })),
    ).toMatchObject({ state: "confirmed" });
    const silent = await report();
    clock.set(new Date(new Date(silent.confirmBy).getTime() + 1000));
    const swept = await runDealSweep(t.runtime);
    expect(swept.sales.confirmed).toBe(1);
    expect((await runDealSweep(t.runtime)).sales.confirmed).toBe(0);
    clock.set(start); // the sessions were made on the start day
    expect(await bodyOf(await p.agent.client.request(`/api/sales/${silent.id}`))).toMatchObject({
      state: "confirmed",
      confirmedAt: silent.confirmBy,
    });
  }, 60_000);
});
