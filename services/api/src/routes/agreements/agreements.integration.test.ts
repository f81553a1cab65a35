/**
 * Commission agreements end to end on PostgreSQL (issue 17, ADR 0017): only the two parties and
 * staff read an agreement or its PDF (404 otherwise); a version changed after one party signed
 * needs both signatures again; signing checks the password and records the consent; the
 * partnership's rate follows the signed agreement; invoices are checked against it (term, and
 * the commission computed from the sale value); the proposer's counterpart is emailed.
 */

import { pdfText } from "@closr/adapters/pdf/testing";
import { revokeCachedSessions } from "@closr/adapters/postgres";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { anActivePartnership, aTestParty, partyProfile, type TestParty } from "../../testing/parties.ts";
import { createTestApp, type TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();
const password = "long enough password";

let n = 0;
/** A signed-up party in Sydney (an agent with payouts); `id` is the user id. */
async function aParty(userType: "business" | "agent") {
  n++;
  const party = await aTestParty(t, userType, {
    username: `agr${userType}${n}`,
    payouts: true,
    profile:
      userType === "business"
        ? { companyName: `Agreement Co ${n}`, industry: "technology", size: "small", location: "sydney" }
        : {
            fullName: `Agent Agr ${n}`,
            specialization: "B2B Sales",
            yearsOfExperience: 5,
            location: "sydney",
          },
  });
  return { ...party, id: party.userId };
}

type Party = Awaited<ReturnType<typeof aParty>>;

async function aPartnership() {
  const business = await aParty("business");
  const agent = await aParty("agent");
  const startDate = new Date("2026-01-01T00:00:00Z");
  return {
    business,
    agent,
    id: await anActivePartnership(t, { business, agent }, { requestedBy: "business", startDate }),
  };
}

const terms = (overrides: Record<string, unknown> = {}) => ({
  model: { type: "straight", rate: 15 },
  territory: ["sydney", "remote"],
  exclusive: false,
  products: "Cloud accounting subscriptions",
  paymentTermsDays: 14,
  startDate: "2026-01-01",
  endDate: null,
  noticeDays: 30,
  ...overrides,
});

const post = (who: Party, path: string, json?: unknown) =>
  who.client.request(path, { method: "POST", ...(json === undefined ? {} : { json }) });
const base = (id: number) => `/api/partnerships/${id}/agreement`;
const sign = (who: Party, id: number, version: number, pw = password) =>
  who.client.request(`${base(id)}/sign`, {
    method: "POST",
    json: { version, password: pw },
    headers: { "user-agent": `test-browser/${who.username}` },
  });

/** A partnership whose agreement (straight 15%) both parties signed at version 1. */
async function aSignedAgreement(overrides: Record<string, unknown> = {}) {
  const p = await aPartnership();
  expect((await post(p.business, base(p.id), terms(overrides))).status).toBe(201);
  expect((await post(p.business, `${base(p.id)}/propose`)).status).toBe(200);
  expect((await sign(p.business, p.id, 1)).status).toBe(200);
  expect((await sign(p.agent, p.id, 1)).status).toBe(200);
  return p;
}

describe("who may read an agreement", () => {
  it("the two parties and staff read it and its PDF; anyone else gets 404", async () => {
    const p = await aSignedAgreement();
    const stranger = await aParty("business");
    const otherAgent = await aParty("agent");
    const staff = await aParty("business");
    await sql`UPDATE users SET role = 'admin' WHERE id = ${staff.id}`.execute(t.database.db);
    await revokeCachedSessions(staff.id);
    await staff.client.request("/api/login", {
      method: "POST",
      json: { username: staff.username, password },
    });

    for (const who of [p.business, p.agent, staff]) {
      expect((await who.client.request(base(p.id))).status).toBe(200);
      const pdf = await who.client.request(`${base(p.id)}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    }
    for (const who of [stranger, otherAgent]) {
      expect((await who.client.request(base(p.id))).status).toBe(404);
      expect((await who.client.request(`${base(p.id)}/pdf`)).status).toBe(404);
      // Nor may they act on it.
      expect((await post(who, `${base(p.id)}/amend`)).status).toBe(404);
    }
    expect((await t.client().request(base(p.id))).status).toBe(401);
    // Staff read but do not sign or amend.
    expect((await post(staff, `${base(p.id)}/amend`)).status).toBe(404);
  });

  it("a party of a partnership without an agreement gets 404 until one is started", async () => {
    const p = await aPartnership();
    const res = await p.agent.client.request(base(p.id));
    expect(res.status).toBe(404);
    expect((await p.agent.client.request(`${base(p.id)}/pdf`)).status).toBe(404);
  });
});

describe("negotiating and signing", () => {
  it("a version changed after one party signed needs both signatures again", async () => {
    const p = await aPartnership();
    await post(p.business, base(p.id), terms());
    await post(p.business, `${base(p.id)}/propose`);
    expect((await sign(p.business, p.id, 1)).status).toBe(200);

    // The agent counters: version 1 is countered, the draft starts from its terms.
    const countered = await bodyOf(await post(p.agent, `${base(p.id)}/counter`));
    expect(countered.stage).toBe("draft");
    expect(countered.versions[0]).toMatchObject({ number: 1, status: "countered" });
    expect(countered.draft.terms.model).toEqual({ type: "straight", rate: 15 });
    const edited = await p.agent.client.request(`${base(p.id)}/draft`, {
      method: "PUT",
      json: terms({ model: { type: "straight", rate: 18 } }),
    });
    expect(edited.status).toBe(200);
    const v2 = await bodyOf(await post(p.agent, `${base(p.id)}/propose`));
    expect(v2.versions[0]).toMatchObject({ number: 2, status: "proposed", signatures: [] });

    // The business's signature on version 1 does not carry over: signing v1 again is refused.
    const stale = await sign(p.business, p.id, 1);
    expect(stale.status).toBe(409);
    expect((await bodyOf(stale)).type).toBe("/problems/agreement-transition");

    const agentSigned = await bodyOf(await sign(p.agent, p.id, 2));
    expect(agentSigned.stage).toBe("proposed");
    const both = await bodyOf(await sign(p.business, p.id, 2));
    expect(both.stage).toBe("signed");
    expect(both.inForce).toBe(2);
    expect(both.versions[0].signatures.map((s: { party: string }) => s.party).sort()).toEqual([
      "agent",
      "business",
    ]);

    // The partnership's rate follows the signed agreement.
    const partnership = await bodyOf(await p.business.client.request(`/api/partnerships/${p.id}`));
    expect(partnership.commissionRate).toBe(18);
  });

  it("signing needs the password and records who, when, address, user agent and the document hash", async () => {
    const p = await aPartnership();
    await post(p.agent, base(p.id), terms());
    const proposed = await bodyOf(await post(p.agent, `${base(p.id)}/propose`));
    const wrong = await sign(p.business, p.id, 1, "not my password");
    expect(wrong.status).toBe(422);
    expect((await bodyOf(wrong)).errors).toEqual([
      { field: "password", message: "Your password is incorrect" },
    ]);

    const signed = await bodyOf(await sign(p.business, p.id, 1));
    const signature = signed.versions[0].signatures[0];
    expect(signature).toMatchObject({
      party: "business",
      userAgent: `test-browser/${p.business.username}`,
      documentSha256: proposed.versions[0].documentSha256,
    });
    expect(signature.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signature.ipAddress).toEqual(expect.any(String));
    expect(Date.parse(signature.signedAt)).not.toBeNaN();
    // The stored hash is the SHA-256 of the canonical document.
    const { createHash } = await import("node:crypto");
    const doc = proposed.versions[0].document;
    const canonical = JSON.stringify({ title: doc.title, subtitle: doc.subtitle, sections: doc.sections });
    expect(createHash("sha256").update(canonical).digest("hex")).toBe(signature.documentSha256);
    // Nobody signs the same version twice.
    expect((await sign(p.business, p.id, 1)).status).toBe(409);
  });

  it("the proposer cannot counter their own proposal; terms are validated field by field", async () => {
    const p = await aPartnership();
    const bad = await post(
      p.business,
      base(p.id),
      terms({ model: { type: "straight", rate: 120 }, paymentTermsDays: 21 }),
    );
    expect(bad.status).toBe(422);
    expect((await bodyOf(bad)).errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "model.rate",
      "paymentTermsDays",
    ]);
    await post(p.business, base(p.id), terms());
    expect((await post(p.agent, base(p.id), terms())).status).toBe(409);
    await post(p.business, `${base(p.id)}/propose`);
    const own = await post(p.business, `${base(p.id)}/counter`);
    expect(own.status).toBe(409);
    expect((await bodyOf(own)).detail).toBe("Only the party who received the proposal can counter it.");
  });

  it("emails the other party when a version is proposed and when it is signed", async () => {
    const p = await aPartnership();
    await post(p.business, base(p.id), terms());
    await post(p.business, `${base(p.id)}/propose`);
    await sign(p.business, p.id, 1);
    await sign(p.agent, p.id, 1);
    const mails = await sql<{ to: string; subject: string }>`
      SELECT recipient AS "to", subject FROM mail_outbox WHERE recipient IN (${p.business.email}, ${p.agent.email}) AND subject LIKE '%agreement%' ORDER BY id`.execute(
      t.database.db,
    );
    expect(mails.rows).toEqual([
      { to: p.agent.email, subject: `Agreement Co ${n - 1} proposed a commission agreement (version 1)` },
      { to: p.agent.email, subject: `Agreement Co ${n - 1} signed version 1 of your commission agreement` },
      { to: p.business.email, subject: `Your commission agreement with Agent Agr ${n} is signed` },
    ]);
  });

  it("notifies only the other party of each step (proposed, countered, signed), linking to their page", async () => {
    const p = await aPartnership();
    const noticesOf = async (userId: number) =>
      (
        await t.database.db
          .selectFrom("notifications")
          .select(["kind", "link", "title"])
          .where("userId", "=", userId)
          .where("kind", "like", "agreement_%")
          .orderBy("id")
          .execute()
      ).map((r) => ({ kind: r.kind, link: r.link }));
    await post(p.business, base(p.id), terms());
    await post(p.business, `${base(p.id)}/propose`);
    expect((await post(p.agent, `${base(p.id)}/counter`)).status).toBe(200);
    await post(p.agent, `${base(p.id)}/propose`);
    await sign(p.business, p.id, 2);
    await sign(p.agent, p.id, 2);
    const agentPage = `/agent/current-partners/${p.id}/agreement`;
    const businessPage = `/business/active-agents/${p.id}/agreement`;
    expect(await noticesOf(p.agent.id)).toEqual([
      { kind: "agreement_proposed", link: agentPage },
      { kind: "agreement_signed", link: agentPage },
    ]);
    expect(await noticesOf(p.business.id)).toEqual([
      { kind: "agreement_countered", link: businessPage },
      { kind: "agreement_proposed", link: businessPage },
      { kind: "agreement_signed", link: businessPage },
    ]);
    // Delivered live like the others: each notice has its live event for its recipient only.
    const live = await sql<{ userIds: number[] }>`
      SELECT user_ids FROM live_events WHERE kind = 'notification' AND data->>'kind' LIKE 'agreement_%'
        AND (${p.agent.id} = ANY(user_ids) OR ${p.business.id} = ANY(user_ids))`.execute(t.database.db);
    expect(live.rows.map((r) => r.userIds.map(Number))).toHaveLength(5);
    const titles = await t.database.db
      .selectFrom("notifications")
      .select("title")
      .where("userId", "=", p.business.id)
      .where("kind", "=", "agreement_signed")
      .execute();
    expect(titles.map((r) => r.title)).toEqual([
      `Your commission agreement with Agent Agr ${n} is signed and in force (version 2)`,
    ]);
  });

  it("an amendment both sign supersedes the version in force, which stays in force meanwhile", async () => {
    const p = await aSignedAgreement();
    const amending = await bodyOf(await post(p.agent, `${base(p.id)}/amend`));
    expect(amending).toMatchObject({ stage: "draft", inForce: 1 });
    await p.agent.client.request(`${base(p.id)}/draft`, {
      method: "PUT",
      json: terms({ model: { type: "base_plus", base: 500, rate: 8 } }),
    });
    await post(p.agent, `${base(p.id)}/propose`);
    expect((await bodyOf(await sign(p.agent, p.id, 2))).inForce).toBe(1);
    const done = await bodyOf(await sign(p.business, p.id, 2));
    expect(done.versions.map((v: { number: number; status: string }) => [v.number, v.status])).toEqual([
      [2, "signed"],
      [1, "superseded"],
    ]);
  });

  it("the signed PDF carries the terms and both signatures", async () => {
    const p = await aSignedAgreement();
    const pdf = new Uint8Array(await (await p.business.client.request(`${base(p.id)}/pdf`)).arrayBuffer());
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text).toContain("General Commission Agreement");
    expect(text).toContain("Straight commission: 15% of each sale");
    expect(text).toContain("Signed by the Business");
    expect(text).toContain("Signed by the Agent");
  });

  it("ending the partnership ends the agreement", async () => {
    const p = await aSignedAgreement();
    const ended = await p.business.client.request(`/api/partnerships/${p.id}`, {
      method: "PATCH",
      json: { status: "terminated" },
    });
    expect(ended.status).toBe(200);
    const agreement = await bodyOf(await p.agent.client.request(base(p.id)));
    expect(agreement.stage).toBe("ended");
    expect(agreement.versions[0].status).toBe("ended");
    // Its PDF stays available to the parties.
    expect((await p.agent.client.request(`${base(p.id)}/pdf`)).status).toBe(200);
  });
});

describe("invoices check the agreement", () => {
  const invoice = (p: Awaited<ReturnType<typeof aPartnership>>, json: Record<string, unknown>) =>
    p.agent.client.request("/api/invoices", {
      method: "POST",
      json: {
        businessId: p.business.profileId,
        partnershipId: p.id,
        description: "Commission on a sale",
        ...json,
      },
    });

  it("an invoice outside the agreement's term is refused with a clear problem", async () => {
    const p = await aSignedAgreement({ startDate: "2026-01-01", endDate: "2026-06-30" });
    const res = await invoice(p, { amount: 100, saleDate: "2026-07-15" });
    expect(res.status).toBe(422);
    const problem = await bodyOf(res);
    expect(problem.errors[0].field).toBe("saleDate");
    expect(problem.errors[0].message).toContain("outside the agreement's term (2026-01-01 to 2026-06-30");
    expect((await invoice(p, { amount: 100, saleDate: "2026-03-15" })).status).toBe(201);
  });

  it("the commission is computed from the sale value; above it needs a reason", async () => {
    const p = await aSignedAgreement({
      model: {
        type: "tiered",
        tiers: [
          { from: 0, rate: 10 },
          { from: 10000, rate: 20 },
        ],
      },
    });
    const quote = await bodyOf(await p.agent.client.request(`${base(p.id)}/commission?saleAmount=15000`));
    expect(quote).toMatchObject({ saleAmount: 15000, commission: 2000, version: 1 });
    expect((await invoice(p, { saleAmount: 15000, amount: 2000, saleDate: "2026-03-01" })).status).toBe(201);
    const above = await invoice(p, { saleAmount: 15000, amount: 2500, saleDate: "2026-03-01" });
    expect(above.status).toBe(422);
    expect((await bodyOf(above)).errors[0]).toEqual({
      field: "aboveCommissionReason",
      message: "The amount is above the commission the agreement computes ($2,000.00). Give a reason.",
    });
    const withReason = await invoice(p, {
      saleAmount: 15000,
      amount: 2500,
      saleDate: "2026-03-01",
      aboveCommissionReason: "Includes the agreed launch bonus",
    });
    expect(withReason.status).toBe(201);
    const stored = await t.database.db
      .selectFrom("invoices")
      .select(["saleAmountCents", "agreementVersionId", "aboveCommissionReason"])
      .where("id", "=", (await bodyOf(withReason)).id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.saleAmountCents)).toBe(1_500_000);
    expect(stored.agreementVersionId).not.toBeNull();
    expect(stored.aboveCommissionReason).toBe("Includes the agreed launch bonus");
  });

  it("partnerships without an agreement invoice as before", async () => {
    const p = await aPartnership();
    expect((await invoice(p, { amount: 99999 })).status).toBe(201);
    expect((await p.agent.client.request(`${base(p.id)}/commission?saleAmount=100`)).status).toBe(404);
  });
});

describe("custom templates (Enterprise)", () => {
  it("a business below Enterprise cannot save one; an Enterprise business's template renders its proposals", async () => {
    const p = await aPartnership();
    const template = {
      title: "{{businessName}} Sales Agreement",
      subtitle: "Our own terms",
      sections: [{ heading: "Commission", paragraphs: ["{{agentName}} earns {{commission}}."] }],
    };
    const refused = await p.business.client.request("/api/agreement-template", {
      method: "PUT",
      json: { template },
    });
    expect(refused.status).toBe(403);
    await sql`UPDATE users SET plan_id = 'enterprise' WHERE id = ${p.business.id}`.execute(t.database.db);
    await revokeCachedSessions(p.business.id);
    const unknown = await p.business.client.request("/api/agreement-template", {
      method: "PUT",
      json: { template: { ...template, subtitle: "{{nope}}" } },
    });
    expect(unknown.status).toBe(422);
    const saved = await p.business.client.request("/api/agreement-template", {
      method: "PUT",
      json: { template },
    });
    expect(saved.status).toBe(200);
    expect(await bodyOf(saved)).toMatchObject({ custom: true, entitled: true });
    await post(p.business, base(p.id), terms());
    const proposed = await bodyOf(await post(p.business, `${base(p.id)}/propose`));
    expect(proposed.versions[0].document.title).toBe(`Agreement Co ${n - 1} Sales Agreement`);
    expect(proposed.versions[0].document.sections[0].paragraphs[0]).toBe(
      `Agent Agr ${n} earns Straight commission: 15% of each sale.`,
    );
  });
});

describe("password attempts when signing", () => {
  it("count per signer and agreement: ten non-party attempts answer 404, spend nothing, and the party signs", async () => {
    const limited = await createTestApp({
      rateLimits: { login: { limit: 3, windowMs: 60_000 }, register: { limit: 1000, windowMs: 60_000 } },
    });
    try {
      const party = (userType: "business" | "agent", name: string) =>
        aTestParty(limited, userType, {
          username: name,
          profile: partyProfile(userType, n++),
          payouts: true,
        });
      const business = await party("business", "victimbusiness");
      const agent = await party("agent", "victimagent");
      const id = await anActivePartnership(limited, { business, agent }, { requestedBy: "business" });
      const as = (who: { client: TestClient }, path: string, json?: unknown) =>
        who.client.request(path, { method: "POST", ...(json === undefined ? {} : { json }) });
      expect((await as(business, base(id), terms())).status).toBe(201);
      expect((await as(business, `${base(id)}/propose`)).status).toBe(200);

      const strangers = [await party("business", "strangerbusiness"), await party("agent", "strangeragent")];
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const stranger = strangers[i % 2] as { client: TestClient };
        const pw = i < 5 ? "a wrong guess" : password;
        statuses.push((await as(stranger, `${base(id)}/sign`, { version: 1, password: pw })).status);
      }
      const signedOut = await limited.client().request(`${base(id)}/sign`, {
        method: "POST",
        json: { version: 1, password: "a wrong guess" },
      });
      expect(statuses).toEqual(Array(10).fill(404));
      expect(signedOut.status).toBe(401);
      const counters = await limited.database.db
        .selectFrom("rateLimitHits")
        .select("key")
        .where("key", "like", "agreement-sign:%")
        .execute();
      expect(counters).toEqual([]);

      // The party's own wrong password counts, under their key only; the right one signs.
      expect((await as(agent, `${base(id)}/sign`, { version: 1, password: "mistyped" })).status).toBe(422);
      expect((await as(agent, `${base(id)}/sign`, { version: 1, password })).status).toBe(200);
      expect((await as(business, `${base(id)}/sign`, { version: 1, password })).status).toBe(200);
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it("a party locked out by their own wrong passwords is told when to come back (Retry-After)", async () => {
    const limited = await createTestApp({
      rateLimits: { login: { limit: 2, windowMs: 60_000 }, register: { limit: 1000, windowMs: 60_000 } },
    });
    try {
      const business = await aTestParty(limited, "business", {
        username: "lockbusiness",
        profile: partyProfile("business", n++),
      });
      const agent = await aTestParty(limited, "agent", {
        username: "lockagent",
        profile: partyProfile("agent", n++),
        payouts: true,
      });
      const id = await anActivePartnership(limited, { business, agent }, { requestedBy: "business" });
      await business.client.request(base(id), { method: "POST", json: terms() });
      await business.client.request(`${base(id)}/propose`, { method: "POST" });
      const attempt = (who: TestParty, pw: string) =>
        who.client.request(`${base(id)}/sign`, { method: "POST", json: { version: 1, password: pw } });
      expect((await attempt(agent, "wrong one")).status).toBe(422);
      expect((await attempt(agent, "wrong two")).status).toBe(422);
      const blocked = await attempt(agent, password);
      expect(blocked.status).toBe(429);
      const wait = Number(blocked.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      // The other party of the same agreement is not locked out by the agent's mistakes.
      expect((await attempt(business, password)).status).toBe(200);
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it("a party's own wrong passwords count (the login rule by default), then 429", async () => {
    const limited = await createTestApp({
      rateLimits: { login: { limit: 2, windowMs: 60_000 }, register: { limit: 1000, windowMs: 60_000 } },
    });
    try {
      const register = async (userType: "business" | "agent") => {
        const client = limited.client();
        const username = `agrlimit${userType}`;
        await client.request("/api/register", {
          method: "POST",
          json: { email: `${username}@example.com`, username, password, userType },
        });
        const res = await client.request(
          userType === "business" ? "/api/business-profiles" : "/api/agent-profiles",
          {
            method: "POST",
            json:
              userType === "business"
                ? { companyName: "Limit Co", industry: "technology", size: "small", location: "sydney" }
                : {
                    fullName: "Limit Agent",
                    specialization: "B2B Sales",
                    yearsOfExperience: 5,
                    location: "sydney",
                  },
          },
        );
        return { client, profileId: (await bodyOf(res)).id as number };
      };
      const business = await register("business");
      const agent = await register("agent");
      const { id } = await limited.database.db
        .insertInto("partnerships")
        .values({
          businessId: business.profileId,
          agentId: agent.profileId,
          status: "active",
          requestedBy: "business",
          commissionRate: 10,
          startDate: new Date("2026-01-01T00:00:00Z"),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await business.client.request(base(id), { method: "POST", json: terms() });
      await business.client.request(`${base(id)}/propose`, { method: "POST" });
      const attempt = (pw: string) =>
        agent.client.request(`${base(id)}/sign`, { method: "POST", json: { version: 1, password: pw } });
      expect((await attempt("wrong one")).status).toBe(422);
      expect((await attempt("wrong two")).status).toBe(422);
      const blocked = await attempt(password);
      expect(blocked.status).toBe(429);
      expect((await bodyOf(blocked)).type).toBe("/problems/rate-limited");
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
