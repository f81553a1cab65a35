/**
 * In-memory DisputeRepository for unit tests. Like the Postgres adapter: one active dispute per
 * invoice (DisputeAlreadyOpen), `update` applies `decide` and appends its timeline lines, `settle`
 * runs once per ended dispute (recorded in `settlements`). Every dispute is between `parties`.
 * `detail` answers the timeline and evidence held here, the invoice as the dispute saw it (not
 * cancelled) and the credit note a test put in `creditNotes` (by dispute id), else none.
 */
import { Effect, Either, Layer, Option } from "effect";
import type { PartnershipParties } from "../../partnership/index.ts";
import { AgentProfileId, BusinessProfileId, PartnershipId, UserId } from "../../shared/ids.ts";
import { DisputeAlreadyOpen, DisputeNotFound } from "../errors.ts";
import {
  type Dispute,
  type DisputeEvidence,
  DisputeEvidenceId,
  DisputeId,
  type DisputeStatus,
  type DisputeTimelineEntry,
  isTerminal,
} from "../model.ts";
import {
  type DisputeDetail,
  DisputeRepository,
  type NewDispute,
  type NewTimelineEntry,
  type SettlementPlan,
} from "../ports.ts";

/** The parties of invoice 1: business profile 1 (user 20, Harbour Tech), agent profile 1 (user 10, Mia Chen). */
export const disputeParties: PartnershipParties = {
  partnershipId: PartnershipId.make(1),
  businessId: BusinessProfileId.make(1),
  agentId: AgentProfileId.make(1),
  businessUserId: UserId.make(20),
  agentUserId: UserId.make(10),
  businessName: "Harbour Tech",
  agentName: "Mia Chen",
};

export function makeDisputeMemory(parties: PartnershipParties = disputeParties) {
  const disputes: Dispute[] = [];
  const timeline: { disputeId: DisputeId; line: Omit<DisputeTimelineEntry, "id" | "createdAt"> }[] = [];
  const evidence: DisputeEvidence[] = [];
  const settlements: { id: DisputeId; plan: SettlementPlan }[] = [];
  /** The invoice machine's decisions `open` stored (ADR 0049), in order. */
  const openings: NewDispute["transition"][] = [];
  const creditNotes = new Map<number, NonNullable<DisputeDetail["creditNote"]>>();
  const find = (id: DisputeId) => disputes.find((d) => d.id === id);
  const replace = (next: Dispute) => {
    disputes[disputes.findIndex((d) => d.id === next.id)] = next;
    return next;
  };
  const layer = Layer.succeed(DisputeRepository, {
    open: (input) =>
      Effect.suspend(() => {
        const active = disputes.find((d) => d.invoiceId === input.invoiceId && !isTerminal(d.state));
        if (active)
          return Effect.fail(new DisputeAlreadyOpen({ invoiceId: input.invoiceId, disputeId: active.id }));
        openings.push(input.transition);
        const dispute: Dispute = {
          ...parties,
          ...input.status,
          id: DisputeId.make(disputes.length + 1),
          invoiceId: input.invoiceId,
          reason: input.reason,
          description: input.description,
          createdAt: new Date(0),
          updatedAt: new Date(0),
          mediationStartedAt: null,
          resolvedAt: null,
          executedAt: null,
        };
        disputes.push(dispute);
        timeline.push({
          disputeId: dispute.id,
          line: {
            kind: "opened",
            actor: dispute.opener,
            message: input.description,
            amountCents: null,
            evidenceId: null,
          },
        });
        return Effect.succeed(dispute);
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(find(id))),
    detail: (id) =>
      Effect.sync(() =>
        Option.map(
          Option.fromNullable(find(id)),
          (dispute): DisputeDetail => ({
            dispute,
            timeline: timeline
              .filter((t) => t.disputeId === id)
              .map((t, i) => ({ ...t.line, id: i + 1, createdAt: new Date(0) })),
            evidence: evidence.filter((e) => e.disputeId === id),
            invoice: {
              id: dispute.invoiceId,
              amountCents: dispute.invoiceAmountCents,
              description: dispute.description,
              dueDate: "2026-12-31",
              isPaid: dispute.invoicePaid,
              cancelled: false,
            },
            creditNote: creditNotes.get(id) ?? null,
          }),
        ),
      ),
    listFor: (party, profileId) =>
      Effect.sync(() =>
        disputes.filter((d) => (party === "agent" ? d.agentId : d.businessId) === profileId).reverse(),
      ),
    listForInvoice: (invoiceId) =>
      Effect.sync(() => disputes.filter((d) => d.invoiceId === invoiceId).reverse()),
    mediationQueue: () =>
      Effect.sync(() => disputes.filter((d) => d.state === "in_mediation" || d.state === "proposed")),
    update: <E>(
      id: DisputeId,
      decide: (
        dispute: Dispute,
      ) => Either.Either<{ status: DisputeStatus; lines: readonly NewTimelineEntry[] }, E>,
    ) =>
      Effect.suspend((): Effect.Effect<Dispute, E | DisputeNotFound> => {
        const current = find(id);
        if (!current) return Effect.fail(new DisputeNotFound({ id }));
        return Either.match(decide(current), {
          onLeft: (error) => Effect.fail(error),
          onRight: ({ status, lines }) => {
            for (const line of lines) timeline.push({ disputeId: id, line });
            return Effect.succeed(replace({ ...current, ...status }));
          },
        });
      }),
    appendLine: (id, line) => Effect.sync(() => void timeline.push({ disputeId: id, line })),
    due: (now) =>
      Effect.sync(() =>
        disputes
          .filter((d) => (d.state === "open" || d.state === "proposed") && d.deadline && d.deadline <= now)
          .map((d) => d.id),
      ),
    addEvidence: (input) =>
      Effect.sync(() => {
        const stored = { ...input, id: DisputeEvidenceId.make(evidence.length + 1), createdAt: new Date(0) };
        evidence.push(stored);
        return stored;
      }),
    findEvidence: (id) => Effect.sync(() => Option.fromNullable(evidence.find((e) => e.id === id))),
    settle: (id, plan, now) =>
      Effect.sync(() => {
        const current = find(id);
        if (!current || current.executedAt || !isTerminal(current.state)) return false;
        replace({ ...current, executedAt: now });
        settlements.push({ id, plan });
        return true;
      }),
    paymentBlock: (invoiceId) =>
      Effect.sync(() => {
        const active = disputes.find((d) => d.invoiceId === invoiceId && !isTerminal(d.state));
        return active ? Option.some({ disputeId: active.id, reason: "disputed" as const }) : Option.none();
      }),
    contacts: () => Effect.succeed({ business: "business@example.com", agent: "agent@example.com" }),
  });
  return { layer, disputes, timeline, evidence, settlements, creditNotes, openings };
}
