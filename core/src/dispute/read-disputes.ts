/** Reading disputes (ADR 0018): one, the caller's, an invoice's, and a resolution's credit note. */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { callerProfile, getInvoice, InvoiceRepository } from "../invoice/index.ts";
import { Clock, type InvoiceId } from "../shared/index.ts";
import { visibleDispute } from "./dispute-steps.ts";
import { DisputeNotFound } from "./errors.ts";
import type { DisputeId } from "./model.ts";
import { DisputeRepository } from "./ports.ts";

/** A dispute with its timeline and evidence, for its parties and staff. */
export const getDispute = Effect.fn("dispute.get")(function* (user: User, id: DisputeId) {
  const { caller } = yield* visibleDispute(user, id);
  const detail = yield* (yield* DisputeRepository).detail(id);
  if (Option.isNone(detail)) return yield* new DisputeNotFound({ id });
  return {
    ...detail.value,
    viewer: caller.kind === "staff" ? ("staff" as const) : caller.party,
    now: yield* (yield* Clock).now,
  };
});

/** The caller's disputes (as business or agent), newest first. */
export const listMyDisputes = Effect.fn("dispute.listMine")(function* (user: User) {
  const caller = yield* callerProfile(user);
  const items = yield* (yield* DisputeRepository).listFor(caller.party, caller.profileId);
  return { items, now: yield* (yield* Clock).now };
});

/** Disputes of one invoice the caller is a party to (for the invoice card's actions). */
export const listInvoiceDisputes = Effect.fn("dispute.listForInvoice")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  const invoice = yield* getInvoice(user, invoiceId);
  return yield* (yield* DisputeRepository).listForInvoice(invoice.id);
});

/**
 * The credit note of an unpaid invoice a resolution reduced, with the invoice as it stands now,
 * for the parties and staff (DisputeNotFound when the dispute has none).
 */
export const getDisputeCreditNote = Effect.fn("dispute.getCreditNote")(function* (user: User, id: DisputeId) {
  yield* visibleDispute(user, id);
  const detail = yield* (yield* DisputeRepository).detail(id);
  if (Option.isNone(detail) || !detail.value.creditNote) return yield* new DisputeNotFound({ id });
  const invoice = yield* (yield* InvoiceRepository).findById(detail.value.dispute.invoiceId);
  if (Option.isNone(invoice)) return yield* new DisputeNotFound({ id });
  return { note: detail.value.creditNote, invoice: invoice.value, dispute: detail.value.dispute };
});
