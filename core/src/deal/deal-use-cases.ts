/**
 * Deal registration use cases (issue 43 §1, ADR 0062): register (agent), approve or reject,
 * renew, mark won or lost (business; lost by either), proof files, the business's customer list
 * and house accounts, and the protection sweep. Each change publishes `DealStepTaken` inside its
 * unit of work (notifications and `deal.*` webhooks subscribe).
 */
import { Effect, Either, Option } from "effect";
import { sydneyDate } from "../dispute/index.ts";
import type { User } from "../identity/index.ts";
import { addCalendarDays } from "../shared/calendar.ts";
import {
  atomically,
  Clock,
  type CustomerId,
  cents,
  cleanFileName,
  FileStorage,
  publishEvent,
} from "../shared/index.ts";
import { type DealEvent, submittedDeal, transitionDeal } from "./deal-machine.ts";
import { dealCaller, dealFacts, visibleDeal, visiblePartnership } from "./deal-steps.ts";
import { DealNotFound, InvalidDeal } from "./errors.ts";
import { type Deal, type DealState, dealRules, type FieldProblem, type RejectionReason } from "./model.ts";
import { DealRepository } from "./ports.ts";
import { isCalendarDate, type RawCustomer, validateCustomer } from "./validate.ts";

/** What an agent registers (issue 43 §1); money in cents. */
export interface RegisterDealInput {
  readonly partnershipId: number;
  readonly customer: RawCustomer;
  readonly estimatedValueCents?: number | null | undefined;
  readonly expectedCloseDate?: string | null | undefined;
  readonly notes?: string | null | undefined;
}

/**
 * The agent of an active partnership registers a customer. InvalidDeal (422) for bad fields or a
 * partnership that is not active; DealNotFound (404) when the caller is not its agent;
 * CustomerAlreadyRegistered (409, "This customer is already registered" and nothing else) when
 * the conflict check matches the business's customers, house accounts or a registration that
 * holds the customer.
 */
export const registerDeal = Effect.fn("deal.register")(function* (user: User, input: RegisterDealInput) {
  const { partnership, caller } = yield* visiblePartnership(user, input.partnershipId);
  if (caller.party !== "agent") return yield* new DealNotFound({ id: input.partnershipId });
  const now = yield* (yield* Clock).now;
  const errors: FieldProblem[] = [];
  if (partnership.status !== "active")
    errors.push({
      field: "partnershipId",
      message: "Deals can be registered on an active partnership only.",
    });
  const customer = validateCustomer(input.customer, "customer.");
  if (Either.isLeft(customer)) errors.push(...customer.left);
  const value = input.estimatedValueCents ?? null;
  if (value !== null && (!Number.isInteger(value) || value < 0 || value > dealRules.maxSaleCents))
    errors.push({ field: "estimatedValue", message: "The estimated value is $0 to $9,999,999.99." });
  const close = input.expectedCloseDate ?? null;
  if (close !== null && !isCalendarDate(close))
    errors.push({ field: "expectedCloseDate", message: "Enter a date as yyyy-MM-dd." });
  const notes = (input.notes ?? "").trim();
  if (notes.length > dealRules.maxNotesLength)
    errors.push({ field: "notes", message: "Notes are at most 2,000 characters." });
  if (errors.length > 0 || Either.isLeft(customer)) return yield* new InvalidDeal({ errors });
  const deal = yield* (yield* DealRepository).register({
    partnershipId: partnership.partnershipId,
    businessId: partnership.businessId,
    customer: customer.right,
    estimatedValueCents: value === null ? null : cents(value),
    expectedCloseDate: close,
    notes,
    status: submittedDeal(),
    at: now,
  });
  yield* publishEvent({ _tag: "DealStepTaken", step: "submitted", deal: dealFacts(deal), by: "agent" });
  return deal;
}, atomically);

const stepOf = {
  approve: "approved",
  reject: "rejected",
  renew: "renewed",
  win: "won",
  lose: "lost",
} as const;

/** Runs one machine event on a deal the caller is party to and publishes its step. */
const decide = (user: User, id: Deal["id"], event: (at: Date, deal: Deal) => DealEvent) =>
  Effect.gen(function* () {
    const { caller } = yield* visibleDeal(user, id);
    const now = yield* (yield* Clock).now;
    const { after } = yield* (yield* DealRepository).updateDeal(id, (deal) =>
      transitionDeal(deal, event(now, deal)),
    );
    const e = event(now, after);
    if (e.type !== "tick")
      yield* publishEvent({
        _tag: "DealStepTaken",
        step: stepOf[e.type],
        deal: dealFacts(after),
        by: caller.party,
      });
    return after;
  });

/**
 * The business approves a submitted deal (protected for `protectionDays`, default the terms'
 * `protectionDays`, 90) or rejects it with a reason (`other` needs the business's words).
 * DealTransitionRefused (409) from any other state or party.
 */
export const decideDeal = Effect.fn("deal.decide")(function* (
  user: User,
  id: Deal["id"],
  input:
    | { readonly decision: "approve"; readonly protectionDays?: number | undefined }
    | {
        readonly decision: "reject";
        readonly reason: RejectionReason;
        readonly note?: string | null | undefined;
      },
) {
  const { caller } = yield* visibleDeal(user, id);
  const repository = yield* DealRepository;
  const found = yield* repository.findDeal(id);
  if (Option.isNone(found)) return yield* new DealNotFound({ id });
  const terms = yield* repository.partnership(found.value.partnershipId);
  const days = Option.match(terms, {
    onNone: () => dealRules.defaultProtectionDays,
    onSome: (p) => p.protectionDays,
  });
  return yield* decide(user, id, (at) =>
    input.decision === "approve"
      ? { type: "approve", by: caller.party, at, protectionDays: input.protectionDays ?? days }
      : { type: "reject", by: caller.party, at, reason: input.reason, note: input.note ?? null },
  );
}, atomically);

/** The business extends an approved deal's protection by `days` (default the terms' protection). */
export const renewDeal = Effect.fn("deal.renew")(function* (user: User, id: Deal["id"], days?: number) {
  const { caller, deal } = yield* visibleDeal(user, id);
  const terms = yield* (yield* DealRepository).partnership(deal.partnershipId);
  const n =
    days ??
    Option.match(terms, { onNone: () => dealRules.defaultProtectionDays, onSome: (p) => p.protectionDays });
  return yield* decide(user, id, (at) => ({ type: "renew", by: caller.party, at, days: n }));
}, atomically);

/** Marks an approved deal won (the business) or lost (either party). */
export const closeDeal = Effect.fn("deal.close")(function* (
  user: User,
  id: Deal["id"],
  outcome: "won" | "lost",
) {
  const { caller } = yield* visibleDeal(user, id);
  return yield* decide(user, id, (at) => ({
    type: outcome === "won" ? "win" : "lose",
    by: caller.party,
    at,
  }));
}, atomically);

/** The caller's deals (as business or agent), newest first; `now` for countdowns. */
export const listDeals = Effect.fn("deal.list")(function* (
  user: User,
  query: {
    readonly state?: DealState | undefined;
    readonly partnershipId?: number | undefined;
    readonly page: number;
    readonly pageSize: number;
  },
) {
  const caller = yield* dealCaller(user);
  const now = yield* (yield* Clock).now;
  const page = yield* (yield* DealRepository).listDeals({
    ...query,
    party: caller.party,
    profileId: caller.profileId,
  });
  return { ...page, now, party: caller.party };
});

/** One deal of the caller's. */
export const getDeal = Effect.fn("deal.get")(function* (user: User, id: Deal["id"]) {
  return (yield* visibleDeal(user, id)).deal;
});

/**
 * The agent attaches a proof file (PDF, JPEG or PNG by magic bytes, ≤ 10 MB, ≤ 3 per deal) through
 * the FileStorage upload pipeline. InvalidDeal (422, field `file`) otherwise.
 */
export const addDealProof = Effect.fn("deal.addProof")(function* (
  user: User,
  id: Deal["id"],
  file: { readonly fileName: string; readonly bytes: Uint8Array; readonly detectedType: string | undefined },
) {
  const { deal, caller } = yield* visibleDeal(user, id);
  if (caller.party !== "agent") return yield* new DealNotFound({ id });
  const type = dealRules.proofTypes.find((t) => t === file.detectedType);
  if (!type)
    return yield* new InvalidDeal({
      errors: [{ field: "file", message: "Proof must be a PDF, JPEG or PNG file." }],
    });
  if (file.bytes.length > dealRules.maxProofBytes)
    return yield* new InvalidDeal({
      errors: [{ field: "file", message: "Each file can be at most 10 MB." }],
    });
  if (deal.proofs.length >= dealRules.maxProofFiles)
    return yield* new InvalidDeal({
      errors: [{ field: "file", message: "A deal can have at most 3 proof files." }],
    });
  const stored = yield* (yield* FileStorage).put("deal-proof", file.bytes, type);
  return yield* (yield* DealRepository).addProof({
    dealId: deal.id,
    fileName: cleanFileName(file.fileName, "proof"),
    contentType: type,
    size: stored.size,
    storageKey: stored.key,
  });
});

/** A proof file's record and bytes for the deal's two parties; DealNotFound otherwise. */
export const getDealProof = Effect.fn("deal.getProof")(function* (user: User, proofId: number) {
  const found = yield* (yield* DealRepository).findProof(proofId);
  if (Option.isNone(found)) return yield* new DealNotFound({ id: proofId });
  yield* visibleDeal(user, found.value.dealId).pipe(Effect.mapError(() => new DealNotFound({ id: proofId })));
  const bytes = yield* (yield* FileStorage).get(found.value.storageKey);
  if (Option.isNone(bytes)) return yield* new DealNotFound({ id: proofId });
  return { proof: found.value, bytes: bytes.value };
});

/**
 * The business adds a customer to its own list, or a house account (`houseAccount`: no commission,
 * never registrable by an agent). InvalidDeal (422) for bad fields; DealNotFound for an agent.
 */
export const addCustomer = Effect.fn("deal.addCustomer")(function* (
  user: User,
  input: RawCustomer & { readonly houseAccount: boolean },
) {
  const caller = yield* dealCaller(user);
  if (caller.party !== "business") return yield* new DealNotFound({ id: 0 });
  const customer = validateCustomer(input);
  if (Either.isLeft(customer)) return yield* new InvalidDeal({ errors: customer.left });
  return yield* (yield* DealRepository).addCustomer(caller.profileId, {
    ...customer.right,
    houseAccount: input.houseAccount,
  });
});

/**
 * The business removes a customer or house account from its own list (agents may then register
 * it). DealNotFound (404) for an agent, or an id that is not one of the business's own customers.
 */
export const removeCustomer = Effect.fn("deal.removeCustomer")(function* (user: User, id: CustomerId) {
  const caller = yield* dealCaller(user);
  if (caller.party !== "business") return yield* new DealNotFound({ id });
  const removed = yield* (yield* DealRepository).removeCustomer(caller.profileId, id);
  if (!removed) return yield* new DealNotFound({ id });
});

/** The business's customers and house accounts, by name. */
export const listCustomers = Effect.fn("deal.listCustomers")(function* (
  user: User,
  page: { readonly page: number; readonly pageSize: number },
) {
  const caller = yield* dealCaller(user);
  if (caller.party !== "business") return { items: [], total: 0 };
  return yield* (yield* DealRepository).listCustomers(caller.profileId, page);
});

/**
 * The deal sweep (services/api/src/jobs/deal-sweeps.ts, hourly): tells both sides once when an
 * approved deal's protection ends within `dealRules.expiryNoticeDays`, and expires deals whose
 * protection ended before today (Sydney). Each deal is its own unit of work.
 */
export const sweepDeals = Effect.fn("deal.sweep")(function* () {
  const now = yield* (yield* Clock).now;
  const repository = yield* DealRepository;
  const today = sydneyDate(now);
  let expired = 0;
  let noticed = 0;
  for (const id of yield* repository.expiredBy(today)) {
    const done = yield* repository
      .updateDeal(id, (deal) => transitionDeal(deal, { type: "tick", at: now }))
      .pipe(
        Effect.tap(({ before, after }) =>
          before.state === "approved" && after.state === "expired"
            ? publishEvent({ _tag: "DealStepTaken", step: "expired", deal: dealFacts(after), by: "system" })
            : Effect.void,
        ),
        atomically,
        Effect.option,
      );
    if (Option.isSome(done) && done.value.after.state === "expired") expired++;
  }
  for (const id of yield* repository.expiringBy(addCalendarDays(today, dealRules.expiryNoticeDays))) {
    const done = yield* repository
      .updateDeal(id, (deal) =>
        deal.state === "approved" && deal.expiryNoticeFor !== deal.protectedUntil
          ? Either.right({ ...deal, expiryNoticeFor: deal.protectedUntil })
          : Either.left("already told" as const),
      )
      .pipe(
        Effect.tap(({ after }) =>
          publishEvent({ _tag: "DealStepTaken", step: "expiring", deal: dealFacts(after), by: "system" }),
        ),
        atomically,
        Effect.option,
      );
    if (Option.isSome(done)) noticed++;
  }
  return { expired, noticed };
});
