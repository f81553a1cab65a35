/**
 * Commission ledger handlers (issue 43, ADR 0063): see contracts/src/routes/commission.routes.ts.
 * Money leaves as AUD dollars (cents / 100); the PDFs are the commission documents of
 * adapters/src/pdf in the tax invoice's layout.
 */
import {
  commissionStatementDocument,
  recipientCreatedTaxInvoice,
  renderTaxDocumentPdf,
} from "@closr/adapters/pdf";
import { commissionRoutes } from "@closr/contracts";
import {
  type CommissionLine,
  CommissionLineId,
  type CommissionStatement,
  commissionInvoiceDraft,
  flagCommissionLine,
  getCommissionStatement,
  getRecipientCreatedInvoice,
  issueCommissionInvoice,
  type LedgerParties,
  listCommissionLines,
  listCommissionStatements,
} from "@closr/core/commission";
import { Clock, centsFromDollars, dollarsFromCents, InvoiceId, PartnershipId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { forRole, signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";
import { disputeJson } from "../disputes/disputes.handlers.ts";
import { invoiceJson } from "../invoices/invoices.handlers.ts";

/** Core line → contract JSON. */
export const commissionLineJson = (l: CommissionLine) => ({
  id: l.id,
  partnershipId: l.partnershipId,
  saleId: l.saleId,
  agreementVersion: l.agreementVersion,
  model: l.model,
  kind: l.kind,
  amount: dollarsFromCents(l.amountCents),
  earnedOn: l.earnedOn,
  payableOn: l.payableOn,
  state: l.state,
  invoiceId: l.invoiceId,
  invoicedOn: l.invoicedOn,
  paidOn: l.paidOn,
  reason: l.reason,
});

/** Core statement + parties → contract JSON. */
export const commissionStatementJson = (s: CommissionStatement, parties: LedgerParties, issued: boolean) => ({
  partnershipId: s.partnershipId,
  month: s.month,
  currency: "AUD" as const,
  business: {
    id: parties.businessId,
    name: parties.businessName,
    abn: parties.businessAbn,
    gstRegistered: parties.businessGstRegistered,
  },
  agent: {
    id: parties.agentId,
    name: parties.agentName,
    abn: parties.agentAbn,
    gstRegistered: parties.agentGstRegistered,
  },
  openingBalance: dollarsFromCents(s.openingBalanceCents),
  sales: { count: s.sales.count, total: dollarsFromCents(s.sales.totalCents) },
  linesByModel: s.linesByModel.map((m) => ({
    model: m.model,
    count: m.count,
    amount: dollarsFromCents(m.amountCents),
  })),
  clawbacks: dollarsFromCents(s.clawbacksCents),
  earned: dollarsFromCents(s.earnedCents),
  payable: dollarsFromCents(s.payableCents),
  invoiced: dollarsFromCents(s.invoicedCents),
  paid: dollarsFromCents(s.paidCents),
  closingBalance: dollarsFromCents(s.closingBalanceCents),
  issued,
});

const pdfHeaders = (fileName: string) => ({
  "content-type": "application/pdf",
  "content-disposition": `attachment; filename="${fileName}"`,
  "cache-control": "private, no-cache",
});

export function registerCommissionRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(commissionRoutes.listCommissionLines), async (c) => {
    const { partnershipId } = c.req.valid("param");
    const query = c.req.valid("query");
    return runUseCase(
      runtime,
      c,
      listCommissionLines(c.get("user"), PartnershipId.make(partnershipId), {
        page: query.page,
        pageSize: query.pageSize,
        month: query.month,
        states: query.state ? [query.state] : undefined,
      }),
      (result) =>
        c.json(
          {
            items: result.items.map(commissionLineJson),
            total: result.total,
            page: query.page,
            pageSize: query.pageSize,
          },
          200,
        ),
    );
  });

  app.openapi(signedIn(commissionRoutes.listCommissionStatements), async (c) => {
    const { partnershipId } = c.req.valid("param");
    const paging = c.req.valid("query");
    return runUseCase(
      runtime,
      c,
      listCommissionStatements(c.get("user"), PartnershipId.make(partnershipId), paging),
      (page) =>
        c.json(
          {
            items: page.items.map((i) => commissionStatementJson(i.statement, page.parties, i.issued)),
            total: page.total,
            ...paging,
          },
          200,
        ),
    );
  });

  app.openapi(signedIn(commissionRoutes.getCommissionStatement), async (c) => {
    const { partnershipId, month } = c.req.valid("param");
    return runUseCase(
      runtime,
      c,
      getCommissionStatement(c.get("user"), PartnershipId.make(partnershipId), month),
      ({ statement, parties, issued }) => c.json(commissionStatementJson(statement, parties, issued), 200),
    );
  });

  app.openapi(signedIn(commissionRoutes.getCommissionStatementPdf), async (c) => {
    const { partnershipId, month } = c.req.valid("param");
    return runUseCase(
      runtime,
      c,
      Effect.all({
        found: getCommissionStatement(c.get("user"), PartnershipId.make(partnershipId), month),
        now: Effect.flatMap(Clock, (clock) => clock.now),
      }),
      async ({ found, now }) =>
        c.body(
          (await renderTaxDocumentPdf(
            commissionStatementDocument(found.statement, found.parties, now),
          )) as Uint8Array<ArrayBuffer>,
          200,
          pdfHeaders(`closr-commission-statement-${partnershipId}-${month}.pdf`),
        ),
    );
  });

  app.openapi(forRole(commissionRoutes.flagCommissionLine, "agent", "flag commission lines"), async (c) => {
    const { partnershipId, lineId } = c.req.valid("param");
    const input = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      flagCommissionLine(c.get("user"), PartnershipId.make(partnershipId), CommissionLineId.make(lineId), {
        reason: input.reason,
        description: input.description,
        claimedCents: input.claimedAmount === undefined ? undefined : centsFromDollars(input.claimedAmount),
      }),
      ({ dispute }) => c.json(disputeJson(dispute), 201, { location: `/api/disputes/${dispute.id}` }),
    );
  });

  app.openapi(signedIn(commissionRoutes.getCommissionInvoiceDraft), async (c) => {
    const { partnershipId } = c.req.valid("param");
    return runUseCase(
      runtime,
      c,
      commissionInvoiceDraft(c.get("user"), PartnershipId.make(partnershipId)),
      (draft) =>
        c.json(
          {
            partnershipId,
            rcti: draft.rcti,
            issuer: draft.issuer,
            issueBy: draft.issueBy,
            lines: draft.lines.map(commissionLineJson),
            subtotal: dollarsFromCents(draft.totals.subtotalCents),
            gst: dollarsFromCents(draft.totals.gstCents),
            total: dollarsFromCents(draft.totals.totalCents),
          },
          200,
        ),
    );
  });

  app.openapi(signedIn(commissionRoutes.issueCommissionInvoice), async (c) => {
    const { partnershipId } = c.req.valid("param");
    return runUseCase(
      runtime,
      c,
      issueCommissionInvoice(c.get("user"), PartnershipId.make(partnershipId)),
      (issued) =>
        c.json(
          {
            invoice: invoiceJson(issued.invoice),
            rcti: issued.rcti,
            lineIds: issued.lines.map((l) => l.id),
            documentUrl: issued.rcti
              ? `/api/invoices/${issued.invoice.id}/rcti.pdf`
              : `/api/invoices/${issued.invoice.id}/tax-invoice.pdf`,
          },
          201,
        ),
    );
  });

  app.openapi(signedIn(commissionRoutes.getRecipientCreatedInvoicePdf), async (c) => {
    const { id } = c.req.valid("param");
    return runUseCase(
      runtime,
      c,
      getRecipientCreatedInvoice(c.get("user"), InvoiceId.make(id)),
      async (found) =>
        c.body(
          (await renderTaxDocumentPdf(
            recipientCreatedTaxInvoice(found.invoice, found.lines, found.parties),
          )) as Uint8Array<ArrayBuffer>,
          200,
          pdfHeaders(`closr-rcti-${id}.pdf`),
        ),
    );
  });
}
