/**
 * The commission ledger over HTTP (issue 43, service half): sales confirmed in the deal context
 * (their `SaleConfirmed` / `SaleRefunded` events published through the app's DomainEvents, as
 * part A's use cases do) become lines under a tiered agreement; the statement's totals, a refund's
 * clawback, the events replayed changing nothing, another party's 404, the agent's invoice issued
 * with one press, a flagged line opening a dispute, the RCTI with the ATO's wording, and the
 * monthly sweep issuing `statement.issued` once.
 */
import { pdfText } from "@closr/adapters/pdf/testing";
import { runCommissionSweep } from "@closr/core/commission";
import { aTerms, saleEvents } from "@closr/core/commission/testing";
import {
  AgentProfileId,
  atomically,
  BusinessProfileId,
  cents,
  type DomainEvent,
  InvoiceId,
  makeTestClock,
  PartnershipId,
  publishEvent,
} from "@closr/core/shared";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { anActivePartnership, aTestParty, partyProfile, type TestParty } from "../../testing/parties.ts";
import { enablePayouts } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

// 2027-01-10 12:00 in Sydney: the agreements below start on 2027-01-01.
const clock = makeTestClock(new Date("2027-01-10T01:00:00Z"));
const t = useTestApp({ clock: clock.layer });

/** Ten per cent up to $10,000 of the month's sales, twenty per cent above. */
const tiered = aTerms(
  {
    type: "tiered",
    tiers: [
      { fromCents: 0, rate: 10 },
      { fromCents: 1_000_000, rate: 20 },
    ],
  },
  { holdingPeriodDays: 0, clawbackWindowDays: 90, tierPeriod: "month" },
);

interface Ledger {
  readonly business: TestParty;
  readonly agent: TestParty;
  readonly partnershipId: number;
}

let n = 0;
/** Two parties, an active partnership and its signed agreement (version 1 of `terms`). */
async function aLedger(terms: ReturnType<typeof aTerms>, tax: { gst: boolean } = { gst: false }) {
  n++;
  const business = await aTestParty(t, "business", {
    username: `ledger-business-${n}`,
    profile: partyProfile("business", n),
  });
  const agent = await aTestParty(t, "agent", {
    username: `ledger-agent-${n}`,
    profile: partyProfile("agent", n),
  });
  await enablePayouts(t, agent.profileId, tax.gst ? { abn: "51824753556", gstRegistered: true } : {});
  const partnershipId = await anActivePartnership(
    t,
    { business, agent },
    { startDate: new Date("2027-01-01") },
  );
  const db = t.database.db;
  if (tax.gst) {
    await sql`UPDATE business_profiles SET gst_registered = true WHERE id = ${business.profileId}`.execute(
      db,
    );
    await sql`INSERT INTO verification_requests (user_id, user_type, documents, additional_info)
      VALUES (${business.userId}, 'business', '[]'::jsonb, ${JSON.stringify({ abnNumber: "53 004 085 616" })}::text::jsonb)`.execute(
      db,
    );
  }
  const agreement = await sql<{ id: number }>`INSERT INTO agreements (partnership_id, stage)
    VALUES (${partnershipId}, 'signed') RETURNING id`.execute(db);
  await sql`INSERT INTO agreement_versions (agreement_id, number, terms, proposed_by, proposed_by_user, status, document, document_sha256, signed_at)
    VALUES (${agreement.rows[0]!.id}, 1, ${JSON.stringify(terms)}::jsonb, 'business', ${business.userId}, 'signed', '{}'::jsonb, ${"a".repeat(64)}, ${new Date("2027-01-01T01:00:00Z")})`.execute(
    db,
  );
  return { business, agent, partnershipId } satisfies Ledger;
}

/** A confirmed sale in the deal context's table, and its SaleConfirmed event published. */
async function aConfirmedSale(ledger: Ledger, amountCents: number, saleDate: string) {
  const row = await sql<{
    id: number;
  }>`INSERT INTO sales (partnership_id, amount_cents, sale_date, kind, state, reported_by, source, confirmed_at)
    VALUES (${ledger.partnershipId}, ${amountCents}, ${saleDate}::date, 'one_off', 'confirmed', 'business', 'form', now())
    RETURNING id`.execute(t.database.db);
  const sale = {
    id: row.rows[0]!.id,
    ...saleEvents({
      id: row.rows[0]!.id,
      partnershipId: ledger.partnershipId,
      amountCents,
      saleDate,
      businessUserId: ledger.business.userId,
      agentUserId: ledger.agent.userId,
    }),
  };
  await publish(sale.confirmed);
  return sale;
}

/** Publishes `event` in one unit of work, as the deal context's use cases do. */
const publish = (event: DomainEvent) => t.runtime.runPromise(atomically(publishEvent(event)));

/** The deal context refunds `refundCents` of the sale (its table first), then SaleRefunded. */
async function aRefund(
  sale: Awaited<ReturnType<typeof aConfirmedSale>>,
  refundCents: number,
  refundDate: string,
) {
  await sql`UPDATE sales SET refunded_amount_cents = refunded_amount_cents + ${refundCents} WHERE id = ${sale.id}`.execute(
    t.database.db,
  );
  const event = sale.refunded(refundCents, refundDate);
  await publish(event);
  return event;
}

const json = async <T>(response: Response, status: number): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};

interface Statement {
  sales: { count: number; total: number };
  linesByModel: { model: string; count: number; amount: number }[];
  openingBalance: number;
  clawbacks: number;
  earned: number;
  payable: number;
  invoiced: number;
  paid: number;
  closingBalance: number;
  issued: boolean;
}
interface Line {
  id: number;
  kind: string;
  amount: number;
  state: string;
  invoiceId: number | null;
  reason: string | null;
}

describe("the commission ledger over HTTP", () => {
  let ledger: Ledger;
  let second: Awaited<ReturnType<typeof aConfirmedSale>>;
  beforeAll(async () => {
    ledger = await aLedger(tiered);
    await aConfirmedSale(ledger, 600_000, "2027-01-05");
    second = await aConfirmedSale(ledger, 600_000, "2027-01-08");
  }, 60_000);

  const statementOf = (party: TestParty, month = "2027-01") =>
    party.client.request(`/api/partnerships/${ledger.partnershipId}/commission/statements/${month}`);
  const linesOf = (party: TestParty, query = "") =>
    party.client.request(`/api/partnerships/${ledger.partnershipId}/commission/lines${query}`);

  it("confirmed sales under a tiered agreement give the statement's totals, the same for both parties", async () => {
    // $12,000 in January: 10 % of $10,000 + 20 % of $2,000 = $1,400, split $600 + $800.
    const statement = await json<Statement>(await statementOf(ledger.business), 200);
    expect(statement).toMatchObject({
      sales: { count: 2, total: 12_000 },
      linesByModel: [{ model: "tiered", count: 2, amount: 1_400 }],
      openingBalance: 0,
      clawbacks: 0,
      earned: 1_400,
      payable: 1_400,
      invoiced: 0,
      paid: 0,
      closingBalance: 1_400,
      issued: false,
    });
    expect(await json<Statement>(await statementOf(ledger.agent), 200)).toEqual(statement);
    const lines = await json<{ items: Line[]; total: number }>(await linesOf(ledger.agent), 200);
    expect(lines.items.map((l) => l.amount)).toEqual([800, 600]);
    const list = await json<{ items: { month: string }[]; total: number }>(
      await ledger.agent.client.request(`/api/partnerships/${ledger.partnershipId}/commission/statements`),
      200,
    );
    expect(list.items.map((s) => s.month)).toEqual(["2027-01"]);
  });

  it("a SaleConfirmed delivered again changes nothing", async () => {
    const before = await json<Statement>(await statementOf(ledger.business), 200);
    await publish(second.confirmed);
    expect(await json<Statement>(await statementOf(ledger.business), 200)).toEqual(before);
    expect((await json<{ total: number }>(await linesOf(ledger.business), 200)).total).toBe(2);
  });

  it("a refund inside the window gives one clawback line, and its replay no second one", async () => {
    // $1,000 refunded: January nets $11,000 → $1,200 of commission, so $200 is clawed back.
    const refund = await aRefund(second, 100_000, "2027-01-10");
    await publish(refund);
    const lines = await json<{ items: Line[] }>(await linesOf(ledger.agent, "?month=2027-01"), 200);
    const clawbacks = lines.items.filter((l) => l.kind === "clawback");
    expect(clawbacks).toHaveLength(1);
    expect(clawbacks[0]).toMatchObject({ amount: -200, state: "payable" });
    expect(clawbacks[0]?.reason).toMatch(/Refund/);
    const statement = await json<Statement>(await statementOf(ledger.agent), 200);
    expect(statement).toMatchObject({
      clawbacks: -200,
      earned: 1_200,
      payable: 1_200,
      closingBalance: 1_200,
    });
    const payable = await json<{ items: Line[] }>(await linesOf(ledger.agent, "?state=payable"), 200);
    expect(payable.items).toHaveLength(3);
  });

  it("another party gets 404 for the ledger, its statements, the PDF and the invoice", async () => {
    const stranger = await aTestParty(t, "business", {
      username: "ledger-stranger",
      profile: partyProfile("business", 99),
    });
    const base = `/api/partnerships/${ledger.partnershipId}/commission`;
    for (const path of [
      `${base}/lines`,
      `${base}/statements`,
      `${base}/statements/2027-01`,
      `${base}/statements/2027-01/statement.pdf`,
      `${base}/invoice-draft`,
    ])
      expect((await stranger.client.request(path)).status, path).toBe(404);
    expect((await stranger.client.request(`${base}/invoice`, { method: "POST" })).status).toBe(404);
  });

  it("the statement PDF carries the month's figures", async () => {
    const response = await ledger.business.client.request(
      `/api/partnerships/${ledger.partnershipId}/commission/statements/2027-01/statement.pdf`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(new Uint8Array(await response.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toContain("Commission statement");
    expect(text).toContain("January 2027");
    expect(text).toContain("Tiered commission: 2 lines");
    expect(text).toContain("$1,200.00");
  });

  it("the agent's invoice is drafted from the payable lines and issued with one press; a flagged line opens a dispute", async () => {
    const base = `/api/partnerships/${ledger.partnershipId}/commission`;
    const lines = await json<{ items: Line[] }>(await linesOf(ledger.agent), 200);
    const flaggedEarly = await ledger.agent.client.request(`${base}/lines/${lines.items[0]!.id}/flag`, {
      method: "POST",
      json: { reason: "amount_not_owed", description: "The tier was applied to the wrong month." },
    });
    expect((await json<{ type: string }>(flaggedEarly, 409)).type).toBe(
      "/problems/commission-line-not-invoiced",
    );
    const draft = await json<{ rcti: boolean; issuer: string; subtotal: number; lines: Line[] }>(
      await ledger.business.client.request(`${base}/invoice-draft`),
      200,
    );
    expect(draft).toMatchObject({ rcti: false, issuer: "agent", issueBy: null, subtotal: 1_200 });
    expect(draft.lines).toHaveLength(3);
    const byBusiness = await ledger.business.client.request(`${base}/invoice`, { method: "POST" });
    expect((await json<{ type: string }>(byBusiness, 403)).type).toBe("/problems/commission-invoice-issuer");
    const issued = await json<{
      invoice: { id: number; subtotal: number; gst: number };
      rcti: boolean;
      lineIds: number[];
    }>(await ledger.agent.client.request(`${base}/invoice`, { method: "POST" }), 201);
    expect(issued).toMatchObject({ rcti: false, invoice: { subtotal: 1_200, gst: 0 } });
    expect(issued.lineIds).toHaveLength(3);
    const again = await ledger.agent.client.request(`${base}/invoice`, { method: "POST" });
    expect((await json<{ type: string }>(again, 409)).type).toBe("/problems/nothing-payable");
    const invoiced = await json<{ items: Line[] }>(await linesOf(ledger.agent, "?state=invoiced"), 200);
    expect(invoiced.items.every((l) => l.invoiceId === issued.invoice.id)).toBe(true);
    expect(invoiced.items).toHaveLength(3);
    const statement = await json<Statement>(await statementOf(ledger.agent), 200);
    expect(statement.invoiced).toBe(1_200);

    const flagged = await ledger.agent.client.request(`${base}/lines/${invoiced.items[0]!.id}/flag`, {
      method: "POST",
      json: { reason: "amount_not_owed", description: "The tier was applied to the wrong month." },
    });
    const dispute = await json<{ id: number; invoiceId: number; description: string }>(flagged, 201);
    expect(dispute.invoiceId).toBe(issued.invoice.id);
    expect(dispute.description).toContain(`Commission line #${invoiced.items[0]!.id}`);
    expect(flagged.headers.get("location")).toBe(`/api/disputes/${dispute.id}`);
  });

  it("with the RCTI clause and both parties GST-registered the business issues a recipient-created tax invoice", async () => {
    const rcti = await aLedger({ ...tiered, rcti: true }, { gst: true });
    await aConfirmedSale(rcti, 500_000, "2027-01-09");
    const base = `/api/partnerships/${rcti.partnershipId}/commission`;
    const draft = await json<{ rcti: boolean; issuer: string; issueBy: string; total: number }>(
      await rcti.agent.client.request(`${base}/invoice-draft`),
      200,
    );
    // Payable on the sale's day (no holding period): issued within 28 days of it.
    expect(draft).toMatchObject({ rcti: true, issuer: "business", issueBy: "2027-02-06", total: 550 });
    const byAgent = await rcti.agent.client.request(`${base}/invoice`, { method: "POST" });
    expect((await json<{ type: string }>(byAgent, 403)).type).toBe("/problems/commission-invoice-issuer");
    const issued = await json<{
      invoice: { id: number; subtotal: number; gst: number; amount: number; description: string };
      rcti: boolean;
      documentUrl: string;
    }>(await rcti.business.client.request(`${base}/invoice`, { method: "POST" }), 201);
    // 10 % of $5,000 = $500, GST $50 on top.
    expect(issued).toMatchObject({ rcti: true, invoice: { subtotal: 500, gst: 50, amount: 550 } });
    expect(issued.invoice.description).toMatch(/^Recipient-created tax invoice/);
    expect(issued.documentUrl).toBe(`/api/invoices/${issued.invoice.id}/rcti.pdf`);
    for (const party of [rcti.business, rcti.agent]) {
      const pdf = await party.client.request(issued.documentUrl);
      expect(pdf.status).toBe(200);
      const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, " ");
      expect(text).toContain("Recipient-created tax invoice");
      expect(text).toContain("ABN 51 824 753 556");
      expect(text).toContain("ABN 53 004 085 616");
      expect(text).toContain("The recipient can issue tax invoices in respect of these supplies.");
      expect(text).toContain("$550.00");
    }
    expect((await ledger.agent.client.request(issued.documentUrl)).status).toBe(404);

    // The invoice is paid (the payment context's InvoicePaid): its lines are paid.
    await publish({
      _tag: "InvoicePaid",
      invoice: {
        id: InvoiceId.make(issued.invoice.id),
        partnershipId: PartnershipId.make(rcti.partnershipId),
        businessId: BusinessProfileId.make(rcti.business.profileId),
        agentId: AgentProfileId.make(rcti.agent.profileId),
        amountCents: cents(55_000),
        description: issued.invoice.description,
        dueDate: "2027-01-24",
        isPaid: true,
      },
    });
    const paid = await json<{ items: Line[] }>(
      await rcti.agent.client.request(`${base}/lines?state=paid`),
      200,
    );
    expect(paid.items.map((l) => l.amount)).toEqual([500]);
    const statement = await json<Statement>(
      await rcti.agent.client.request(`${base}/statements/2027-01`),
      200,
    );
    expect(statement).toMatchObject({ earned: 500, invoiced: 500, paid: 500, closingBalance: 0 });
  });

  it("the monthly sweep issues last month's statement once (statement.issued)", async () => {
    await sql`INSERT INTO webhook_endpoints (user_id, url, events, secret)
      VALUES (${ledger.business.userId}, 'http://127.0.0.1:9/hook', ARRAY['statement.issued'], 'whsec_test')`.execute(
      t.database.db,
    );
    // Sessions expire by the same clock: the sweep runs in February, the reads back in January.
    clock.set(new Date("2027-02-02T01:00:00Z"));
    const first = await t.runtime.runPromise(runCommissionSweep());
    const again = await t.runtime.runPromise(runCommissionSweep());
    clock.set(new Date("2027-01-10T01:00:00Z"));
    expect(first.issued).toBeGreaterThanOrEqual(2);
    expect(again.issued).toBe(0);
    {
      expect((await json<Statement>(await statementOf(ledger.agent), 200)).issued).toBe(true);
      const events = await sql<{ body: string }>`SELECT body FROM webhook_events
        WHERE type = 'statement.issued' AND object_key = ${`statement:${ledger.partnershipId}:2027-01`}`.execute(
        t.database.db,
      );
      expect(events.rows).toHaveLength(1);
      expect(JSON.parse(events.rows[0]!.body).data.object).toMatchObject({
        month: "2027-01",
        earned: 1_200,
        invoiced: 1_200,
      });
    }
  });
});
