/**
 * Invoice use cases (spec §2.9 Agent Invoices, §5 Invoice form, §6 "agents invoice only
 * businesses they have an active partnership with"). The caller is a user; their profile
 * (agent or business) is resolved here. Errors: WrongAccountType (403), ProfileNotFound (404),
 * InvalidInvoice (422), InvoiceNotFound (404).
 */
import { Effect, Option } from "effect";
import { commissionFor } from "../agreement/index.ts";
import type { User } from "../identity/index.ts";
import { PartnershipRepository } from "../partnership/index.ts";
import {
  AgentProfileRepository,
  BusinessProfileRepository,
  ProfileNotFound,
  WrongAccountType,
} from "../profiles/index.ts";
import {
  type AgentProfileId,
  atomically,
  type Cents,
  Clock,
  formatAud,
  type InvoiceId,
  invoiceTotals,
  type ProfileId,
  publishEvent,
} from "../shared/index.ts";
import type { Paging } from "../shared/paging.ts";
import { InvalidInvoice, InvoiceNotFound, PayoutsNotSetUp } from "./errors.ts";
import {
  businessDate,
  businessMonth,
  type CreateInvoiceInput,
  defaultDueDate,
  displayState,
  type Invoice,
  type InvoiceView,
  type InvoiceWithState,
  invoiceRules,
  isCalendarDate,
} from "./model.ts";
import { type InvoiceParty, InvoiceRepository, InvoiceTerms } from "./ports.ts";

/** The caller's side and profile id; ProfileNotFound when they have no profile yet. */
export const callerProfile = Effect.fn("invoice.callerProfile")(function* (user: User) {
  if (user.userType === "agent") {
    const found = yield* (yield* AgentProfileRepository).findByUser(user.id);
    if (Option.isNone(found)) return yield* new ProfileNotFound({ kind: "agent" });
    return { party: "agent" as const, profileId: found.value.id, name: found.value.fullName };
  }
  const found = yield* (yield* BusinessProfileRepository).findByUser(user.id);
  if (Option.isNone(found)) return yield* new ProfileNotFound({ kind: "business" });
  return { party: "business" as const, profileId: found.value.id, name: found.value.companyName };
});

/** True when the caller's profile is the invoice's agent or business. */
export const isPartyTo = (invoice: Invoice, caller: { party: InvoiceParty; profileId: ProfileId }) =>
  caller.party === "agent" ? invoice.agentId === caller.profileId : invoice.businessId === caller.profileId;

/** Checks the amount, description and due date of spec §5; returns the normalised values. */
export const validateInvoiceInput = (input: CreateInvoiceInput, now: Date) => {
  const description = input.description.trim();
  if (!Number.isInteger(input.amountCents) || input.amountCents < invoiceRules.minAmountCents)
    return Effect.fail(new InvalidInvoice({ field: "amount", message: "Amount must be a positive number" }));
  if (input.amountCents > invoiceRules.maxAmountCents)
    return Effect.fail(
      new InvalidInvoice({ field: "amount", message: "Amount must be at most $999,999.99" }),
    );
  if (description.length < invoiceRules.minDescriptionLength)
    return Effect.fail(new InvalidInvoice({ field: "description", message: "Description is required" }));
  if (description.length > invoiceRules.maxDescriptionLength)
    return Effect.fail(
      new InvalidInvoice({ field: "description", message: "Description must be at most 5000 characters" }),
    );
  const dueDate = input.dueDate ?? defaultDueDate(now);
  if (!isCalendarDate(dueDate))
    return Effect.fail(new InvalidInvoice({ field: "dueDate", message: "Due date is required" }));
  if (dueDate < businessDate(now))
    return Effect.fail(new InvalidInvoice({ field: "dueDate", message: "Due date cannot be in the past" }));
  return Effect.succeed({ description, dueDate });
};

/**
 * An agent raises an invoice on one of their active partnerships with the chosen business.
 * The partnership must exist, be the caller's, belong to `businessId` and be active. Issue 14: the
 * agent needs an enabled payout account (PayoutsNotSetUp otherwise); a GST-registered agent's
 * invoice adds 10 % GST on top; the platform fee and the agent's ABN are fixed on the invoice.
 */
export const createInvoice = Effect.fn("invoice.createInvoice")(function* (
  user: User,
  input: CreateInvoiceInput,
) {
  if (user.userType !== "agent")
    return yield* new WrongAccountType({ required: "agent", action: "create invoices" });
  const caller = yield* callerProfile(user);
  const now = yield* (yield* Clock).now;
  const { description, dueDate } = yield* validateInvoiceInput(input, now);
  const terms = yield* (yield* InvoiceTerms).forAgent(caller.profileId as AgentProfileId);
  if (terms.payoutStatus !== "enabled") return yield* new PayoutsNotSetUp({ status: terms.payoutStatus });
  const totals = invoiceTotals({
    subtotalCents: input.amountCents,
    gstRegistered: terms.gstRegistered,
    feeBasisPoints: terms.feeBasisPoints,
  });
  if (totals.totalCents > invoiceRules.maxAmountCents)
    return yield* new InvalidInvoice({
      field: "amount",
      message: "Amount must be at most $999,999.99 including GST",
    });
  const found = yield* (yield* PartnershipRepository).findById(input.partnershipId);
  if (Option.isNone(found) || found.value.agentId !== caller.profileId)
    return yield* new InvalidInvoice({ field: "partnershipId", message: "Partnership not found" });
  const partnership = found.value;
  if (partnership.businessId !== input.businessId)
    return yield* new InvalidInvoice({
      field: "partnershipId",
      message: "This partnership is not with the chosen business",
    });
  if (partnership.status !== "active")
    return yield* new InvalidInvoice({
      field: "partnershipId",
      message: "You can only create invoices for active partnerships.",
    });
  const checked = yield* checkAgainstAgreement(input, totals.subtotalCents, now);
  const created = yield* (yield* InvoiceRepository).insert({
    ...checked,
    partnershipId: partnership.id,
    businessId: partnership.businessId,
    agentId: partnership.agentId,
    amountCents: totals.totalCents,
    subtotalCents: totals.subtotalCents,
    gstCents: totals.gstCents,
    platformFeeCents: totals.platformFeeCents,
    agentAbn: terms.abn,
    gstRegistered: terms.gstRegistered,
    description,
    dueDate,
  });
  yield* publishEvent({ _tag: "InvoiceRaised", invoice: created });
  return withState(created, now);
}, atomically);

/**
 * Issue 17: an invoice on a partnership with a signed agreement falls within its term (the sale
 * date, default today in Sydney, between start and end) and, when the agent gives the sale value,
 * is at most the commission the agreement computes on it unless they give a reason. Partnerships
 * without an agreement invoice as before. Returns the columns to store with the invoice.
 */
const checkAgainstAgreement = (input: CreateInvoiceInput, subtotalCents: Cents, now: Date) =>
  Effect.gen(function* () {
    const reason = input.aboveCommissionReason?.trim() ?? "";
    const sale = input.saleAmountCents;
    const found = yield* (yield* InvoiceTerms).agreementFor(input.partnershipId);
    if (Option.isNone(found))
      return {
        ...(sale !== undefined ? { saleAmountCents: sale } : {}),
        ...(reason ? { aboveCommissionReason: reason } : {}),
      };
    const { terms, versionId, number } = found.value;
    const saleDate = input.saleDate ?? businessDate(now);
    if (!isCalendarDate(saleDate))
      return yield* new InvalidInvoice({ field: "saleDate", message: "Sale date is required" });
    if (saleDate < terms.startDate || (terms.endDate !== null && saleDate > terms.endDate))
      return yield* new InvalidInvoice({
        field: "saleDate",
        message: `The sale date ${saleDate} is outside the agreement's term (${terms.startDate} to ${terms.endDate ?? "open-ended"}, version ${number}).`,
      });
    if (sale !== undefined) {
      const computed = commissionFor(terms.model, sale);
      if (subtotalCents > computed && reason.length < 3)
        return yield* new InvalidInvoice({
          field: "aboveCommissionReason",
          message: `The amount is above the commission the agreement computes (${formatAud(computed)}). Give a reason.`,
        });
    }
    return {
      agreementVersionId: versionId,
      ...(sale !== undefined ? { saleAmountCents: sale } : {}),
      ...(reason ? { aboveCommissionReason: reason.slice(0, 1000) } : {}),
    };
  });

/** The invoice with its display state at `now` (spec §4: overdue from the day after the due date). */
const withState = (invoice: InvoiceView, now: Date): InvoiceWithState => ({
  ...invoice,
  state: displayState(invoice, now),
});

/** The caller's invoices: an agent's own, or those addressed to a business. Newest first. */
export const listInvoices = Effect.fn("invoice.listInvoices")(function* (user: User, page: Paging) {
  // Empty until the caller has a profile, as partnerships are (no profile, no invoices: not a 404).
  const found = yield* Effect.option(callerProfile(user));
  if (Option.isNone(found)) return { items: [], total: 0 };
  const caller = found.value;
  const { items, total } = yield* (yield* InvoiceRepository).listFor(caller.party, caller.profileId, page);
  const now = yield* (yield* Clock).now;
  return { items: items.map((invoice) => withState(invoice, now)), total };
});

/** One invoice the caller is a party to; InvoiceNotFound otherwise. */
export const getInvoice = Effect.fn("invoice.getInvoice")(function* (user: User, id: InvoiceId) {
  const caller = yield* callerProfile(user);
  const found = yield* (yield* InvoiceRepository).findById(id);
  if (Option.isNone(found) || !isPartyTo(found.value, caller)) return yield* new InvoiceNotFound({ id });
  return withState(found.value, yield* (yield* Clock).now);
});

/**
 * The agent dashboard's Monthly Commission (issue 5, replacing spec §2.9's fixed 0): the sum of
 * the agent's invoices paid in the current Sydney month, in cents.
 */
export const monthlyCommission = Effect.fn("invoice.monthlyCommission")(function* (user: User) {
  if (user.userType !== "agent")
    return yield* new WrongAccountType({ required: "agent", action: "see commission" });
  const caller = yield* callerProfile(user);
  if (caller.party !== "agent") return yield* new ProfileNotFound({ kind: "agent" });
  const month = businessMonth(yield* (yield* Clock).now);
  const totals = yield* (yield* InvoiceRepository).paidTotalForAgent(caller.profileId, month);
  return { month, ...totals };
});
