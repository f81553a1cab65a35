/**
 * Sale use cases (issue 43 §2, ADR 0062): the business reports sales by form, CSV or the public
 * API (confirmed at once); the agent reports one that waits for the business (confirm or
 * dispute; unanswered past the terms' confirmation window, 7 days by default, it counts as
 * confirmed, and both sides are told 48 hours before). A confirmed sale may be refunded in part or
 * whole. `SaleConfirmed` and `SaleRefunded` are published inside the same unit of work — the
 * commission ledger subscribes to them.
 */
import { Effect, Either, Option } from "effect";
import { calendarDaysDeadline, sydneyDate } from "../dispute/index.ts";
import type { User } from "../identity/index.ts";
import { atomically, type Cents, Clock, cents, type EventParty, publishEvent } from "../shared/index.ts";
import { advanceDeal } from "./deal-machine.ts";
import { dealCaller, isParty, saleFacts, visiblePartnership } from "./deal-steps.ts";
import { DealNotFound, InvalidDeal } from "./errors.ts";
import {
  type Deal,
  dealRules,
  type FieldProblem,
  type Sale,
  type SaleKind,
  type SaleReporter,
  type SaleSource,
  type SaleState,
} from "./model.ts";
import { normaliseCustomerName } from "./normalise.ts";
import { type DealPartnership, DealRepository, type NewSale, SaleRepository } from "./ports.ts";
import { advanceSale, reportedSale, transitionSale } from "./sale-machine.ts";
import { isCalendarDate, parseDollars, parseSaleKind, validSaleCents } from "./validate.ts";

/** One sale as reported, money in cents. */
export interface ReportSaleInput {
  readonly partnershipId: number;
  readonly dealId: number;
  readonly amountCents: number;
  readonly saleDate: string;
  readonly kind: SaleKind;
  readonly externalRef?: string | null | undefined;
}

/**
 * Whether `deal` may carry a sale on `saleDate`: it is the partnership's, won, or approved and
 * protected on that day (issue 43: "a won deal or a protected customer"), and not a house account.
 */
export const saleAllowed = (
  deal: Deal,
  partnershipId: number,
  saleDate: string,
  now: Date,
): string | null => {
  if (deal.partnershipId !== partnershipId) return "No deal with this id under this partnership.";
  if (deal.customer.houseAccount) return "No commission on a house account.";
  const status = advanceDeal(deal, now);
  if (status.state === "won") return null;
  if (status.state === "approved" && status.protectedUntil !== null && saleDate <= status.protectedUntil)
    return null;
  return "Sales are reported against a won deal or a protected customer.";
};

const checkRow = (
  input: { amountCents: number | null; saleDate: string; externalRef: string | null },
  now: Date,
  field: (name: string) => string,
): FieldProblem[] => {
  const errors: FieldProblem[] = [];
  if (input.amountCents === null || !validSaleCents(input.amountCents))
    errors.push({ field: field("amount"), message: "The amount is $0.01 to $9,999,999.99 ex-GST." });
  if (!isCalendarDate(input.saleDate))
    errors.push({ field: field("date"), message: "Enter a date as yyyy-MM-dd." });
  else if (input.saleDate > sydneyDate(now))
    errors.push({ field: field("date"), message: "The sale date cannot be in the future." });
  if (input.externalRef !== null && input.externalRef.length > 100)
    errors.push({ field: field("reference"), message: "The reference is at most 100 characters." });
  return errors;
};

const saleParty = (reportedBy: SaleReporter): EventParty => (reportedBy === "agent" ? "agent" : "business");

/** Publishes what a newly stored or changed sale means: reported (waits), or confirmed. */
const publishSale = (sale: Sale, by: EventParty | "system") =>
  sale.state === "confirmed"
    ? publishEvent({
        _tag: "SaleConfirmed",
        saleId: sale.id,
        partnershipId: sale.partnershipId,
        amountCents: sale.amountCents,
        saleDate: sale.saleDate,
        kind: sale.kind,
        sale: saleFacts(sale),
        by,
      })
    : sale.state === "reported"
      ? publishEvent({ _tag: "SaleStepTaken", step: "reported", sale: saleFacts(sale), by })
      : Effect.void;

const newSale = (
  partnership: DealPartnership,
  deal: Deal,
  row: { amountCents: Cents; saleDate: string; kind: SaleKind; externalRef: string | null },
  reportedBy: SaleReporter,
  source: SaleSource,
  now: Date,
): NewSale => ({
  partnershipId: partnership.partnershipId,
  dealId: deal.id,
  customerId: deal.customer.id,
  saleDate: row.saleDate,
  kind: row.kind,
  reportedBy,
  source,
  externalRef: row.externalRef,
  status: reportedSale({
    amountCents: row.amountCents,
    reportedBy,
    at: now,
    confirmBy: calendarDaysDeadline(now, partnership.confirmationWindowDays),
  }),
});

/**
 * Reports one sale. The business (session: `form`; API key: `api`) records a confirmed sale; the
 * agent a reported one. InvalidDeal (422) for bad fields or a deal that cannot carry the sale;
 * DealNotFound (404) for another party's partnership; SaleAlreadyRecorded (409) for a repeated
 * external reference.
 */
export const reportSale = Effect.fn("sale.report")(function* (
  user: User,
  input: ReportSaleInput,
  via: "form" | "api" = "form",
) {
  const { partnership, caller } = yield* visiblePartnership(user, input.partnershipId);
  const now = yield* (yield* Clock).now;
  const externalRef = input.externalRef?.trim() || null;
  const errors = checkRow(
    { amountCents: input.amountCents, saleDate: input.saleDate, externalRef },
    now,
    (f) => (f === "date" ? "saleDate" : f === "reference" ? "externalRef" : f),
  );
  const deal = yield* (yield* DealRepository).findDeal(input.dealId as Deal["id"]);
  const refusal = Option.match(deal, {
    onNone: () => "No deal with this id under this partnership.",
    onSome: (d) => saleAllowed(d, partnership.partnershipId, input.saleDate, now),
  });
  if (refusal) errors.push({ field: "dealId", message: refusal });
  if (errors.length > 0 || Option.isNone(deal)) return yield* new InvalidDeal({ errors });
  const reportedBy: SaleReporter = caller.party === "agent" ? "agent" : via === "api" ? "api" : "business";
  const [sale] = yield* (yield* SaleRepository).record([
    newSale(
      partnership,
      deal.value,
      { amountCents: cents(input.amountCents), saleDate: input.saleDate, kind: input.kind, externalRef },
      reportedBy,
      via === "api" && caller.party === "business" ? "api" : "form",
      now,
    ),
  ]);
  const stored = sale as Sale;
  yield* publishSale(stored, saleParty(reportedBy));
  return stored;
}, atomically);

/** One problem of a CSV file: its row (1 = the first data row after the header), column and why. */
export interface ImportProblem {
  readonly row: number;
  readonly column: string;
  readonly message: string;
}

/** The CSV columns (header names, any case and order). `deal` or `customer` names the deal. */
export const saleCsvColumns = ["date", "amount", "kind", "deal", "customer", "reference"] as const;

/**
 * Checks every row of a sales CSV (already split into cells by the service's CSV parser) against
 * the partnership's deals. `customer` matches a won or protected deal's customer by ABN (spaces and
 * dashes allowed) or its normalised name. Pure; `deals` are the partnership's deals.
 */
export function checkSaleRows(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  deals: readonly Deal[],
  partnershipId: number,
  now: Date,
): {
  readonly valid: {
    amountCents: Cents;
    saleDate: string;
    kind: SaleKind;
    externalRef: string | null;
    deal: Deal;
  }[];
  readonly errors: ImportProblem[];
} {
  const errors: ImportProblem[] = [];
  const valid: {
    amountCents: Cents;
    saleDate: string;
    kind: SaleKind;
    externalRef: string | null;
    deal: Deal;
  }[] = [];
  const names = header.map((h) => h.trim().toLowerCase());
  const at = (name: string) => names.indexOf(name);
  for (const required of ["date", "amount"])
    if (at(required) < 0)
      errors.push({ row: 0, column: required, message: `The header has no "${required}" column.` });
  if (at("deal") < 0 && at("customer") < 0)
    errors.push({ row: 0, column: "deal", message: 'The header needs a "deal" or "customer" column.' });
  if (errors.length > 0) return { valid, errors };
  if (rows.length > dealRules.maxImportRows)
    return { valid, errors: [{ row: 0, column: "", message: "A file has at most 20,000 rows." }] };
  const byId = new Map(deals.map((d) => [String(d.id), d]));
  const byCustomer = new Map<string, Deal>();
  for (const d of deals) {
    if (saleAllowed(d, partnershipId, sydneyDate(now), now) !== null && d.state !== "won") continue;
    if (d.customer.abn) byCustomer.set(d.customer.abn, d);
    byCustomer.set(d.customer.normalisedName, d);
  }
  const seenRefs = new Set<string>();
  rows.forEach((cells, index) => {
    const row = index + 1;
    const cell = (name: string) => (at(name) >= 0 ? (cells[at(name)] ?? "").trim() : "");
    const rowErrors: ImportProblem[] = [];
    const amountCents = parseDollars(cell("amount"));
    const saleDate = cell("date");
    const externalRef = cell("reference") || null;
    for (const p of checkRow({ amountCents, saleDate, externalRef }, now, (f) => f))
      rowErrors.push({ row, column: p.field, message: p.message });
    const kind = parseSaleKind(cell("kind"));
    if (kind === null)
      rowErrors.push({ row, column: "kind", message: 'Kind is "one_off" or "recurring_monthly".' });
    if (externalRef !== null) {
      if (seenRefs.has(externalRef))
        rowErrors.push({ row, column: "reference", message: "This reference is repeated in the file." });
      seenRefs.add(externalRef);
    }
    let deal: Deal | undefined;
    if (cell("deal") !== "") {
      deal = byId.get(cell("deal"));
      if (!deal)
        rowErrors.push({ row, column: "deal", message: "No deal with this id under this partnership." });
    } else if (cell("customer") !== "") {
      const key = cell("customer");
      deal = byCustomer.get(key.replace(/[\s-]+/g, "")) ?? byCustomer.get(normaliseCustomerName(key));
      if (!deal)
        rowErrors.push({ row, column: "customer", message: "No won or protected deal for this customer." });
    } else rowErrors.push({ row, column: "deal", message: "Give the deal id or the customer." });
    if (deal && isCalendarDate(saleDate)) {
      const refusal = saleAllowed(deal, partnershipId, saleDate, now);
      if (refusal)
        rowErrors.push({ row, column: cell("deal") !== "" ? "deal" : "customer", message: refusal });
    }
    if (rowErrors.length > 0 || amountCents === null || kind === null || !deal) errors.push(...rowErrors);
    else valid.push({ amountCents, saleDate, kind, externalRef, deal });
  });
  return { valid, errors };
}

/**
 * The business imports a CSV of sales (issue 43 §2). Every bad row is named by row and column;
 * nothing is stored from a file with errors unless `importValidRows` — then the valid rows are.
 * Stored sales are confirmed (the business reported them) in one unit of work, each publishing
 * `SaleConfirmed`. SaleAlreadyRecorded (409) when a reference is already recorded.
 */
export const importSales = Effect.fn("sale.import")(function* (
  user: User,
  input: {
    readonly partnershipId: number;
    readonly header: readonly string[];
    readonly rows: readonly (readonly string[])[];
    readonly importValidRows: boolean;
  },
) {
  const { partnership, caller } = yield* visiblePartnership(user, input.partnershipId);
  if (caller.party !== "business") return yield* new DealNotFound({ id: input.partnershipId });
  const now = yield* (yield* Clock).now;
  const deals = yield* (yield* DealRepository).listDeals({
    party: "business",
    profileId: caller.profileId,
    partnershipId: partnership.partnershipId,
    page: 1,
    pageSize: 100_000,
  });
  const checked = checkSaleRows(input.header, input.rows, deals.items, partnership.partnershipId, now);
  const store =
    checked.errors.length === 0 || (input.importValidRows && checked.errors.every((e) => e.row > 0));
  if (!store || checked.valid.length === 0)
    return {
      stored: false,
      imported: 0,
      validRows: checked.valid.length,
      rows: input.rows.length,
      errors: checked.errors,
    };
  const sales = yield* (yield* SaleRepository).record(
    checked.valid.map((row) => newSale(partnership, row.deal, row, "business", "csv", now)),
  );
  for (const sale of sales) yield* publishSale(sale, "business");
  return {
    stored: true,
    imported: sales.length,
    validRows: checked.valid.length,
    rows: input.rows.length,
    errors: checked.errors,
  };
}, atomically);

/** The sale the caller is a party to; DealNotFound otherwise. */
const visibleSale = Effect.fn("sale.visible")(function* (user: User, id: Sale["id"]) {
  const caller = yield* dealCaller(user);
  const found = yield* (yield* SaleRepository).findSale(id);
  if (Option.isNone(found) || !isParty(found.value, caller)) return yield* new DealNotFound({ id });
  return { sale: found.value, caller };
});

/** The business answers an agent-reported sale: confirm, or dispute with its reason. */
export const answerSale = Effect.fn("sale.answer")(function* (
  user: User,
  id: Sale["id"],
  input: { readonly answer: "confirm" } | { readonly answer: "dispute"; readonly note: string },
) {
  const { caller } = yield* visibleSale(user, id);
  const now = yield* (yield* Clock).now;
  const { before, after } = yield* (yield* SaleRepository).updateSale(id, (sale) =>
    transitionSale(
      sale,
      input.answer === "confirm"
        ? { type: "confirm", by: caller.party, at: now }
        : { type: "dispute", by: caller.party, at: now, note: input.note },
    ),
  );
  if (after.state === "confirmed" && before.state !== "confirmed") {
    // The window may have confirmed it just before the answer: that confirmation is the system's.
    const byClock = advanceSale(before, now).state === "confirmed";
    yield* publishSale(after, byClock ? "system" : caller.party);
  } else if (after.state === "disputed")
    yield* publishEvent({
      _tag: "SaleStepTaken",
      step: "disputed",
      sale: saleFacts(after),
      by: caller.party,
    });
  return after;
}, atomically);

/** The business records a refund (ex-GST cents) of a confirmed sale; `SaleRefunded` follows. */
export const refundSale = Effect.fn("sale.refund")(function* (
  user: User,
  id: Sale["id"],
  refundCents: number,
) {
  const { caller } = yield* visibleSale(user, id);
  const now = yield* (yield* Clock).now;
  const { before, after } = yield* (yield* SaleRepository).updateSale(id, (sale) =>
    transitionSale(sale, { type: "refund", by: caller.party, at: now, refundCents }),
  );
  if (before.state === "reported")
    yield* publishSale({ ...advanceSale(before, now), state: "confirmed" }, "system");
  yield* publishEvent({
    _tag: "SaleRefunded",
    saleId: after.id,
    partnershipId: after.partnershipId,
    refundCents: cents(refundCents),
    refundDate: sydneyDate(now),
    sale: saleFacts(after),
  });
  return after;
}, atomically);

/** The caller's sales, newest first; DealNotFound (404) for a partnership the caller is not a party to. */
export const listSales = Effect.fn("sale.list")(function* (
  user: User,
  query: {
    readonly state?: SaleState | undefined;
    readonly partnershipId?: number | undefined;
    readonly page: number;
    readonly pageSize: number;
  },
) {
  const caller = yield* dealCaller(user);
  // A partnership's sales: 404 for anyone but its two parties (not an empty page).
  if (query.partnershipId !== undefined) yield* visiblePartnership(user, query.partnershipId);
  const now = yield* (yield* Clock).now;
  return {
    ...(yield* (yield* SaleRepository).listSales({
      ...query,
      party: caller.party,
      profileId: caller.profileId,
    })),
    now,
  };
});

/** One sale of the caller's. */
export const getSale = Effect.fn("sale.get")(function* (user: User, id: Sale["id"]) {
  return (yield* visibleSale(user, id)).sale;
});

/**
 * The sale sweep (services/api/src/jobs/deal-sweeps.ts): tells both sides once when an
 * agent-reported sale will count as confirmed within 48 hours, and confirms those whose window
 * ended (publishing `SaleConfirmed`, by "system"). Each sale is its own unit of work.
 */
export const sweepSales = Effect.fn("sale.sweep")(function* () {
  const now = yield* (yield* Clock).now;
  const repository = yield* SaleRepository;
  let confirmed = 0;
  let noticed = 0;
  for (const id of yield* repository.confirmableBy(now)) {
    const done = yield* repository
      .updateSale(id, (sale) => transitionSale(sale, { type: "tick", at: now }))
      .pipe(
        Effect.tap(({ before, after }) =>
          before.state === "reported" && after.state === "confirmed"
            ? publishSale(after, "system")
            : Effect.void,
        ),
        atomically,
        Effect.option,
      );
    if (
      Option.isSome(done) &&
      done.value.before.state === "reported" &&
      done.value.after.state === "confirmed"
    )
      confirmed++;
  }
  const soon = new Date(now.getTime() + dealRules.confirmationNoticeHours * 3_600_000);
  for (const id of yield* repository.confirmingBy(soon)) {
    const done = yield* repository
      .updateSale(id, (sale) =>
        sale.state === "reported" && sale.confirmNoticeAt === null
          ? Either.right({ ...sale, confirmNoticeAt: now })
          : Either.left("already told" as const),
      )
      .pipe(
        Effect.tap(({ after }) =>
          publishEvent({ _tag: "SaleStepTaken", step: "confirming", sale: saleFacts(after), by: "system" }),
        ),
        atomically,
        Effect.option,
      );
    if (Option.isSome(done)) noticed++;
  }
  return { confirmed, noticed };
});
