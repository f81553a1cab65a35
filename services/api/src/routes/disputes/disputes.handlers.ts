/**
 * Dispute handlers (issue 17, ADR 0018): see contracts/src/routes/dispute.routes.ts. Evidence
 * uploads are sniffed here (magic bytes, the `file-type` package) and stored by core through the
 * FileStorage port; downloads are checked per request (parties and staff only, 404 otherwise).
 */

import { disputeCreditNote, renderTaxDocumentPdf } from "@closr/adapters/pdf";
import { sniffContentType } from "@closr/adapters/storage";
import { disputeRoutes } from "@closr/contracts";
import {
  addDisputeEvidence,
  answerProposal,
  type Dispute,
  type DisputeEvidence,
  DisputeId,
  type DisputeTimelineEntry,
  getDispute,
  getDisputeCreditNote,
  getDisputeEvidence,
  listInvoiceDisputes,
  listMyDisputes,
  mediationQueue,
  openDispute,
  postDisputeMessage,
  proposeResolution,
  respondToDispute,
  withdrawDispute,
} from "@closr/core/dispute";
import { centsFromDollars, DisputeEvidenceId, dollarsFromCents, InvoiceId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import { storedAttachmentHeaders } from "../../http/stored-file-headers.ts";
import type { AppRuntime } from "../../runtime.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Who must act before the deadline. */
const awaiting = (d: Dispute) =>
  d.state === "open"
    ? d.offer.by === "business"
      ? ("agent" as const)
      : ("business" as const)
    : d.state === "in_mediation"
      ? ("staff" as const)
      : d.state === "proposed"
        ? ("both" as const)
        : null;

/** Core dispute → contract JSON (money in AUD dollars). */
export const disputeJson = (d: Dispute) => ({
  id: d.id,
  invoiceId: d.invoiceId,
  partnershipId: d.partnershipId,
  businessName: d.businessName,
  agentName: d.agentName,
  opener: d.opener,
  reason: d.reason,
  description: d.description,
  state: d.state,
  invoicePaid: d.invoicePaid,
  invoiceAmount: dollarsFromCents(d.invoiceAmountCents),
  offer: { by: d.offer.by, amount: dollarsFromCents(d.offer.amountCents) },
  proposal: d.proposal
    ? {
        amount: dollarsFromCents(d.proposal.amountCents),
        note: d.proposal.note,
        acceptedBy: [...d.proposal.acceptedBy],
      }
    : null,
  deadline: iso(d.deadline),
  awaiting: awaiting(d),
  settledAmount: d.settledAmountCents === null ? null : dollarsFromCents(d.settledAmountCents),
  outcome: d.outcome,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
  mediationStartedAt: iso(d.mediationStartedAt),
  resolvedAt: iso(d.resolvedAt),
  executedAt: iso(d.executedAt),
});

const evidenceJson = (e: DisputeEvidence) => ({
  id: e.id,
  party: e.party,
  fileName: e.fileName,
  contentType: e.contentType,
  size: e.size,
  url: `/api/dispute-evidence/${e.id}`,
  createdAt: e.createdAt.toISOString(),
});

const lineJson = (l: DisputeTimelineEntry) => ({
  id: l.id,
  kind: l.kind,
  actor: l.actor,
  message: l.message,
  amount: l.amountCents === null ? null : dollarsFromCents(l.amountCents),
  evidenceId: l.evidenceId,
  createdAt: l.createdAt.toISOString(),
});

const cents = (dollars: number | undefined) =>
  dollars === undefined ? undefined : centsFromDollars(dollars);

export function registerDisputeRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(disputeRoutes.listMyDisputes), async (c) =>
    runUseCase(runtime, c, listMyDisputes(c.get("user")), (r) =>
      c.json({ items: r.items.map(disputeJson), now: r.now.toISOString() }, 200),
    ),
  );

  app.openapi(signedIn(disputeRoutes.listInvoiceDisputes), async (c) =>
    runUseCase(
      runtime,
      c,
      listInvoiceDisputes(c.get("user"), InvoiceId.make(c.req.valid("param").id)),
      (items) => c.json({ items: items.map(disputeJson) }, 200),
    ),
  );

  app.openapi(signedIn(disputeRoutes.openDispute), async (c) => {
    const input = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      openDispute(c.get("user"), InvoiceId.make(c.req.valid("param").id), {
        reason: input.reason,
        description: input.description,
        claimedCents: cents(input.claimedAmount),
      }),
      (d) => c.json(disputeJson(d), 201, { location: `/api/disputes/${d.id}` }),
    );
  });

  app.openapi(signedIn(disputeRoutes.getDispute), async (c) =>
    runUseCase(runtime, c, getDispute(c.get("user"), DisputeId.make(c.req.valid("param").id)), (r) =>
      c.json(
        {
          dispute: disputeJson(r.dispute),
          viewer: r.viewer,
          timeline: r.timeline.map(lineJson),
          evidence: r.evidence.map(evidenceJson),
          invoice: {
            id: r.invoice.id,
            amount: dollarsFromCents(r.invoice.amountCents),
            description: r.invoice.description,
            dueDate: r.invoice.dueDate,
            isPaid: r.invoice.isPaid,
            cancelled: r.invoice.cancelled,
          },
          creditNote: r.creditNote
            ? {
                amount: dollarsFromCents(r.creditNote.amountCents),
                originalAmount: dollarsFromCents(r.creditNote.originalAmountCents),
                gst: dollarsFromCents(r.creditNote.gstCents),
              }
            : null,
          now: r.now.toISOString(),
        },
        200,
      ),
    ),
  );

  app.openapi(signedIn(disputeRoutes.respondToDispute), async (c) => {
    const input = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      respondToDispute(c.get("user"), DisputeId.make(c.req.valid("param").id), {
        action: input.action,
        amountCents: cents(input.amount),
        message: input.message,
      }),
      (d) => c.json(disputeJson(d), 200),
    );
  });

  app.openapi(signedIn(disputeRoutes.withdrawDispute), async (c) =>
    runUseCase(runtime, c, withdrawDispute(c.get("user"), DisputeId.make(c.req.valid("param").id)), (d) =>
      c.json(disputeJson(d), 200),
    ),
  );

  app.openapi(signedIn(disputeRoutes.postDisputeMessage), async (c) =>
    runUseCase(
      runtime,
      c,
      postDisputeMessage(c.get("user"), DisputeId.make(c.req.valid("param").id), c.req.valid("json").message),
      () => c.body(null, 204),
    ),
  );

  app.openapi(signedIn(disputeRoutes.addDisputeEvidence), async (c) => {
    const form = c.req.valid("form") as Record<string, unknown>;
    const file = form.file as File;
    const bytes = new Uint8Array(await file.arrayBuffer());
    return runUseCase(
      runtime,
      c,
      addDisputeEvidence(c.get("user"), DisputeId.make(c.req.valid("param").id), {
        fileName: file.name || "evidence",
        bytes,
        detectedType: await sniffContentType(bytes),
      }),
      (e) => c.json(evidenceJson(e), 201),
    );
  });

  app.openapi(signedIn(disputeRoutes.getDisputeEvidenceFile), async (c) =>
    runUseCase(
      runtime,
      c,
      getDisputeEvidence(c.get("user"), DisputeEvidenceId.make(c.req.valid("param").id)),
      ({ evidence, bytes }) =>
        c.body(bytes as Uint8Array<ArrayBuffer>, 200, storedAttachmentHeaders(evidence, bytes.byteLength)),
    ),
  );

  app.openapi(signedIn(disputeRoutes.getDisputeCreditNotePdf), async (c) => {
    const id = c.req.valid("param").id;
    return runUseCase(runtime, c, getDisputeCreditNote(c.get("user"), DisputeId.make(id)), async (found) =>
      c.body(
        (await renderTaxDocumentPdf(
          disputeCreditNote(
            { ...found.note, disputeId: found.dispute.id },
            found.invoice,
            found.invoice.agentTimeZone,
          ),
        )) as Uint8Array<ArrayBuffer>,
        200,
        {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="closr-dispute-credit-note-${id}.pdf"`,
          "cache-control": "private, no-cache",
        },
      ),
    );
  });

  app.openapi(signedIn(disputeRoutes.answerProposal), async (c) =>
    runUseCase(
      runtime,
      c,
      answerProposal(c.get("user"), DisputeId.make(c.req.valid("param").id), c.req.valid("json").accept),
      (d) => c.json(disputeJson(d), 200),
    ),
  );

  app.openapi(signedIn(disputeRoutes.listMediationQueue), async (c) =>
    runUseCase(runtime, c, mediationQueue(c.get("user")), (r) =>
      c.json({ items: r.items.map(disputeJson), now: r.now.toISOString() }, 200),
    ),
  );

  app.openapi(signedIn(disputeRoutes.proposeResolution), async (c) => {
    const input = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      proposeResolution(c.get("user"), DisputeId.make(c.req.valid("param").id), {
        amountCents: centsFromDollars(input.amount),
        note: input.note,
      }),
      (d) => c.json(disputeJson(d), 200),
    );
  });
}
