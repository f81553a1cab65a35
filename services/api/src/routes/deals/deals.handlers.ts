/**
 * Deal, customer and sale handlers (issue 43 part A, ADR 0062): see
 * contracts/src/routes/deal.routes.ts. Money crosses as AUD dollars (cents inside). Proof uploads
 * are sniffed here (magic bytes) and stored by core through FileStorage, as dispute evidence is.
 * Sales CSV files (text/csv, or multipart field `file`) are split into cells here with csv-parse
 * and checked row by row by core (`importSales`); a file that cannot be read at all answers a
 * problem on row 0.
 */
import { sniffContentType } from "@closr/adapters/storage";
import { dealRoutes, problemCatalogue } from "@closr/contracts";
import {
  addCustomer,
  addDealProof,
  answerSale,
  type Customer,
  closeDeal,
  type Deal,
  type DealProof,
  decideDeal,
  getDeal,
  getDealProof,
  getSale,
  importSales,
  listCustomers,
  listDeals,
  listSales,
  refundSale,
  registerDeal,
  removeCustomer,
  renewDeal,
  reportSale,
  type Sale,
} from "@closr/core/deal";
import { CustomerId, centsFromDollars, DealId, dollarsFromCents, SaleId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { parse } from "csv-parse/sync";
import type { HonoRequest } from "hono";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { problem } from "../../http/problem.ts";
import { runUseCase } from "../../http/run.ts";
import { storedAttachmentHeaders } from "../../http/stored-file-headers.ts";
import type { AppRuntime } from "../../runtime.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Core customer → contract JSON. */
export const customerJson = (c: Customer) => ({
  id: c.id,
  name: c.name,
  abn: c.abn,
  domain: c.domain,
  contactName: c.contactName,
  contactEmail: c.contactEmail,
  contactPhone: c.contactPhone,
  houseAccount: c.houseAccount,
  createdAt: c.createdAt.toISOString(),
});

const proofJson = (p: DealProof) => ({
  id: p.id,
  fileName: p.fileName,
  contentType: p.contentType,
  size: p.size,
  url: `/api/deal-proofs/${p.id}`,
  createdAt: p.createdAt.toISOString(),
});

/** Core deal → contract JSON (money in AUD dollars). */
export const dealJson = (d: Deal) => ({
  id: d.id,
  partnershipId: d.partnershipId,
  businessName: d.businessName,
  agentName: d.agentName,
  customer: customerJson(d.customer),
  state: d.state,
  estimatedValue: d.estimatedValueCents === null ? null : dollarsFromCents(d.estimatedValueCents),
  expectedCloseDate: d.expectedCloseDate,
  notes: d.notes,
  protectedUntil: d.protectedUntil,
  rejectionReason: d.rejectionReason,
  rejectionNote: d.rejectionNote,
  proofs: d.proofs.map(proofJson),
  submittedAt: d.submittedAt.toISOString(),
  decidedAt: iso(d.decidedAt),
  closedAt: iso(d.closedAt),
});

/** Core sale → contract JSON (money in AUD dollars, ex-GST). */
export const saleJson = (s: Sale) => ({
  id: s.id,
  partnershipId: s.partnershipId,
  dealId: s.dealId,
  customerId: s.customerId,
  customerName: s.customerName,
  amount: dollarsFromCents(s.amountCents),
  refundedAmount: dollarsFromCents(s.refundedCents),
  saleDate: s.saleDate,
  kind: s.kind,
  state: s.state,
  reportedBy: s.reportedBy,
  source: s.source,
  externalRef: s.externalRef,
  confirmBy: iso(s.confirmBy),
  confirmedAt: iso(s.confirmedAt),
  disputeNote: s.disputeNote,
  createdAt: s.createdAt.toISOString(),
});

const CSV_TYPE = /^text\/csv\s*(?:;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

/**
 * The CSV text of an import request: the body of a text/csv request, or the `file` field of a
 * multipart one; a string problem when there is none.
 */
async function csvText(req: HonoRequest): Promise<string | { readonly problem: "media" | "file" }> {
  const type = req.header("content-type") ?? "";
  if (CSV_TYPE.test(type)) return req.text();
  if (!MULTIPART_TYPE.test(type)) return { problem: "media" };
  const form = await req.parseBody();
  const file = form.file;
  if (file instanceof File) return file.text();
  if (typeof file === "string") return file;
  return { problem: "file" };
}

/** The CSV split into cells (header first), or why it cannot be read. */
function csvCells(text: string): { header: string[]; rows: string[][] } | { error: string } {
  try {
    const records = parse(text.replace(/^\uFEFF/, ""), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
    const [header, ...rows] = records;
    if (!header) return { error: "The file is empty: it needs a header row and at least one sale." };
    return { header, rows };
  } catch (error) {
    return { error: `The file is not readable CSV: ${(error as Error).message}` };
  }
}

export function registerDealRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(dealRoutes.registerDeal), async (c) => {
    const input = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      registerDeal(c.get("user"), {
        partnershipId: input.partnershipId,
        customer: input.customer,
        estimatedValueCents:
          input.estimatedValue === null || input.estimatedValue === undefined
            ? null
            : centsFromDollars(input.estimatedValue),
        expectedCloseDate: input.expectedCloseDate ?? null,
        notes: input.notes ?? null,
      }),
      (d) => c.json(dealJson(d), 201),
    );
  });

  app.openapi(signedIn(dealRoutes.listDeals), async (c) => {
    const q = c.req.valid("query");
    return runUseCase(
      runtime,
      c,
      listDeals(c.get("user"), {
        state: q.state,
        partnershipId: q.partnershipId,
        page: q.page,
        pageSize: q.pageSize,
      }),
      (r) =>
        c.json({ items: r.items.map(dealJson), total: r.total, page: q.page, pageSize: q.pageSize }, 200),
    );
  });

  app.openapi(signedIn(dealRoutes.getDeal), async (c) =>
    runUseCase(runtime, c, getDeal(c.get("user"), DealId.make(c.req.valid("param").id)), (d) =>
      c.json(dealJson(d), 200),
    ),
  );

  app.openapi(signedIn(dealRoutes.approveDeal), async (c) => {
    const input = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      decideDeal(c.get("user"), DealId.make(c.req.valid("param").id), {
        decision: "approve",
        protectionDays: input.protectionDays,
      }),
      (d) => c.json(dealJson(d), 200),
    );
  });

  app.openapi(signedIn(dealRoutes.rejectDeal), async (c) => {
    const input = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      decideDeal(c.get("user"), DealId.make(c.req.valid("param").id), {
        decision: "reject",
        reason: input.reason,
        note: input.note ?? null,
      }),
      (d) => c.json(dealJson(d), 200),
    );
  });

  app.openapi(signedIn(dealRoutes.renewDeal), async (c) =>
    runUseCase(
      runtime,
      c,
      renewDeal(c.get("user"), DealId.make(c.req.valid("param").id), c.req.valid("json").days),
      (d) => c.json(dealJson(d), 200),
    ),
  );

  app.openapi(signedIn(dealRoutes.markDealWon), async (c) =>
    runUseCase(runtime, c, closeDeal(c.get("user"), DealId.make(c.req.valid("param").id), "won"), (d) =>
      c.json(dealJson(d), 200),
    ),
  );

  app.openapi(signedIn(dealRoutes.markDealLost), async (c) =>
    runUseCase(runtime, c, closeDeal(c.get("user"), DealId.make(c.req.valid("param").id), "lost"), (d) =>
      c.json(dealJson(d), 200),
    ),
  );

  app.openapi(signedIn(dealRoutes.addDealProof), async (c) => {
    const form = c.req.valid("form") as Record<string, unknown>;
    const file = form.file as File;
    const bytes = new Uint8Array(await file.arrayBuffer());
    return runUseCase(
      runtime,
      c,
      addDealProof(c.get("user"), DealId.make(c.req.valid("param").id), {
        fileName: file.name || "proof",
        bytes,
        detectedType: await sniffContentType(bytes),
      }),
      (p) => c.json(proofJson(p), 201),
    );
  });

  app.openapi(signedIn(dealRoutes.getDealProofFile), async (c) =>
    runUseCase(runtime, c, getDealProof(c.get("user"), c.req.valid("param").id), ({ proof, bytes }) =>
      c.body(bytes as Uint8Array<ArrayBuffer>, 200, storedAttachmentHeaders(proof, bytes.byteLength)),
    ),
  );

  app.openapi(signedIn(dealRoutes.listCustomers), async (c) => {
    const q = c.req.valid("query");
    return runUseCase(runtime, c, listCustomers(c.get("user"), q), (r) =>
      c.json({ items: r.items.map(customerJson), total: r.total, page: q.page, pageSize: q.pageSize }, 200),
    );
  });

  app.openapi(signedIn(dealRoutes.createCustomer), async (c) =>
    runUseCase(runtime, c, addCustomer(c.get("user"), c.req.valid("json")), (customer) =>
      c.json(customerJson(customer), 201),
    ),
  );

  app.openapi(signedIn(dealRoutes.removeCustomer), async (c) =>
    runUseCase(runtime, c, removeCustomer(c.get("user"), CustomerId.make(c.req.valid("param").id)), () =>
      c.body(null, 204),
    ),
  );

  app.openapi(signedIn(dealRoutes.reportSale), async (c) => {
    const input = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      reportSale(
        c.get("user"),
        {
          partnershipId: input.partnershipId,
          dealId: input.dealId,
          amountCents: centsFromDollars(input.amount),
          saleDate: input.saleDate,
          kind: input.kind ?? "one_off",
          externalRef: input.externalRef ?? null,
        },
        c.get("apiKey") ? "api" : "form",
      ),
      (s) => c.json(saleJson(s), 201),
    );
  });

  app.openapi(signedIn(dealRoutes.getSale), async (c) =>
    runUseCase(runtime, c, getSale(c.get("user"), SaleId.make(c.req.valid("param").id)), (s) =>
      c.json(saleJson(s), 200),
    ),
  );

  app.openapi(signedIn(dealRoutes.listPartnershipSales), async (c) => {
    const q = c.req.valid("query");
    const partnershipId = c.req.valid("param").id;
    return runUseCase(
      runtime,
      c,
      listSales(c.get("user"), { state: q.state, partnershipId, page: q.page, pageSize: q.pageSize }),
      (r) =>
        c.json({ items: r.items.map(saleJson), total: r.total, page: q.page, pageSize: q.pageSize }, 200),
    );
  });

  app.openapi(signedIn(dealRoutes.importSales), async (c) => {
    const text = await csvText(c.req);
    if (typeof text !== "string")
      return text.problem === "media"
        ? problem(c, "unsupported-media-type", {
            detail: "Send the CSV as text/csv, or as the field `file` of multipart/form-data.",
          })
        : problem(c, "validation-failed", {
            detail: problemCatalogue["validation-failed"].title,
            errors: [{ field: "file", message: "Choose a CSV file" }],
          });
    const cells = csvCells(text);
    const importValidRows = c.req.valid("query").importValidRows === "true";
    const partnershipId = c.req.valid("param").id;
    const input =
      "error" in cells
        ? {
            partnershipId,
            header: [] as string[],
            rows: [] as string[][],
            importValidRows,
            unreadable: cells.error,
          }
        : { partnershipId, ...cells, importValidRows, unreadable: null };
    return runUseCase(runtime, c, importSales(c.get("user"), input), (r) =>
      c.json(
        {
          stored: r.stored,
          imported: r.imported,
          validRows: r.validRows,
          rows: r.rows,
          errors: input.unreadable ? [{ row: 0, column: "", message: input.unreadable }] : r.errors,
        },
        200,
      ),
    );
  });

  app.openapi(signedIn(dealRoutes.confirmSale), async (c) =>
    runUseCase(
      runtime,
      c,
      answerSale(c.get("user"), SaleId.make(c.req.valid("param").id), { answer: "confirm" }),
      (s) => c.json(saleJson(s), 200),
    ),
  );

  app.openapi(signedIn(dealRoutes.disputeSale), async (c) =>
    runUseCase(
      runtime,
      c,
      answerSale(c.get("user"), SaleId.make(c.req.valid("param").id), {
        answer: "dispute",
        note: c.req.valid("json").note,
      }),
      (s) => c.json(saleJson(s), 200),
    ),
  );

  app.openapi(signedIn(dealRoutes.refundSale), async (c) =>
    runUseCase(
      runtime,
      c,
      refundSale(
        c.get("user"),
        SaleId.make(c.req.valid("param").id),
        centsFromDollars(c.req.valid("json").amount),
      ),
      (s) => c.json(saleJson(s), 200),
    ),
  );
}
