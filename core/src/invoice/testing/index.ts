/**
 * In-memory invoice repository, a partnership lookup stub and object mothers for unit tests.
 * Behaviour matches the Postgres adapter (newest first, paid totals per Sydney month).
 */

import { Effect, Layer, Option } from "effect";
import type { Partnership, PartnershipView } from "../../partnership/index.ts";
import { PartnershipRepository } from "../../partnership/index.ts";
import { aBusinessProfile, anAgentProfile } from "../../profiles/testing/index.ts";
import { cents } from "../../shared/index.ts";
import type { Unbranded } from "../../shared/testing.ts";
import { businessMonth, type Invoice, type InvoiceView } from "../model.ts";
import { type AgentInvoiceTerms, type AgreementInForce, InvoiceRepository, InvoiceTerms } from "../ports.ts";

/** An active partnership between business profile 1 and agent profile 1. */
export const aPartnership = (overrides: Partial<Unbranded<Partnership>> = {}): Partnership =>
  ({
    id: 1,
    businessId: 1,
    agentId: 1,
    status: "active",
    requestedBy: "agent",
    commissionRate: 10,
    startDate: new Date("2026-01-01T00:00:00Z"),
    endDate: null,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    updatedAt: new Date("2026-01-01T00:00:00Z"),
    ...overrides,
  }) as Partnership;

/** PartnershipRepository answering findById from `rows` (other operations are not needed here). */
export const partnershipLookup = (rows: readonly Partnership[]) =>
  Layer.succeed(PartnershipRepository, {
    findById: (id: number) =>
      Effect.sync(() =>
        Option.map(
          Option.fromNullable(rows.find((r) => r.id === id)),
          (p): PartnershipView => ({
            ...p,
            business: aBusinessProfile({ id: p.businessId }),
            agent: anAgentProfile({ id: p.agentId }),
          }),
        ),
      ),
    listFor: () => Effect.die("not used by invoicing"),
    countsFor: () => Effect.die("not used by invoicing"),
    create: () => Effect.die("not used by invoicing"),
    change: () => Effect.die("not used by invoicing"),
  });

/** An unpaid invoice of $150.00 on partnership 1, due 2026-12-31. */
export const anInvoice = (overrides: Partial<Unbranded<InvoiceView>> = {}): InvoiceView =>
  ({
    id: 1,
    partnershipId: 1,
    businessId: 1,
    agentId: 1,
    amountCents: 15_000,
    currency: "AUD",
    subtotalCents: 15_000,
    gstCents: 0,
    platformFeeCents: 750,
    agentAbn: null,
    gstRegistered: false,
    refundedCents: 0,
    description: "November lead generation",
    dueDate: "2026-12-31",
    isPaid: false,
    createdAt: new Date("2026-11-01T00:00:00Z"),
    paidAt: null,
    cancelledAt: null,
    disputed: false,
    businessName: "Harbour Tech",
    agentName: "Mia Chen",
    ...overrides,
  }) as InvoiceView;

/** A fresh in-memory invoice store; `rows` is live (payment memory marks invoices paid in it). */
export function makeInvoiceMemory() {
  const rows: InvoiceView[] = [];
  let nextId = 1;
  const layer = Layer.succeed(InvoiceRepository, {
    insert: (invoice) =>
      Effect.sync(() => {
        const row = anInvoice({
          ...invoice,
          id: nextId++,
          createdAt: new Date(),
          isPaid: false,
          paidAt: null,
        });
        rows.push(row);
        return row;
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.find((r) => r.id === id))),
    listFor: (party, profileId, page) =>
      Effect.sync(() => {
        const all = rows
          .filter((r) => (party === "agent" ? r.agentId : r.businessId) === profileId)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
        const start = (page.page - 1) * page.pageSize;
        return { items: all.slice(start, start + page.pageSize), total: all.length };
      }),
    paidTotalForAgent: (agentId, month) =>
      Effect.sync(() => {
        const paid = rows.filter(
          (r) => r.agentId === agentId && r.paidAt && businessMonth(r.paidAt) === month,
        );
        return {
          paidCents: cents(paid.reduce((sum, r) => sum + r.amountCents, 0)),
          netCents: cents(paid.reduce((sum, r) => sum + r.amountCents - r.platformFeeCents, 0)),
        };
      }),
  });
  return {
    rows,
    layer,
    replace: (invoice: Invoice) => Object.assign(rows.find((r) => r.id === invoice.id) ?? {}, invoice),
  };
}

/** InvoiceTerms answering `terms` for every agent (default: payouts enabled, no ABN, not GST-registered, 5 %). */
export const invoiceTermsStub = (
  terms: Partial<AgentInvoiceTerms> = {},
  agreement: AgreementInForce | null = null,
) =>
  Layer.succeed(InvoiceTerms, {
    agreementFor: () => Effect.succeed(Option.fromNullable(agreement)),
    forAgent: () =>
      Effect.succeed({
        payoutStatus: "enabled",
        abn: null,
        gstRegistered: false,
        feeBasisPoints: 500,
        ...terms,
      }),
  });
