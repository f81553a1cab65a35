/** Deal and sale ports (issue 43). Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Either, type Option } from "effect";
import type { PartnershipParties } from "../partnership/index.ts";
import type { Cents, CustomerId, DealId, SaleId } from "../shared/index.ts";
import type { CustomerAlreadyRegistered, DealNotFound, SaleAlreadyRecorded } from "./errors.ts";
import type {
  Customer,
  CustomerInput,
  Deal,
  DealProof,
  DealState,
  DealStatus,
  Sale,
  SaleKind,
  SaleReporter,
  SaleSource,
  SaleState,
  SaleStatus,
} from "./model.ts";

/** A partnership as deals and sales need it: its parties, status and the signed terms' day counts. */
export interface DealPartnership extends PartnershipParties {
  readonly status: string;
  /** The signed agreement's `protectionDays` (default 90). */
  readonly protectionDays: number;
  /** The signed agreement's `confirmationWindowDays` (default 7). */
  readonly confirmationWindowDays: number;
}

/** A registration to store (the repository runs the conflict check first, under a lock). */
export interface NewDeal {
  readonly partnershipId: DealPartnership["partnershipId"];
  readonly businessId: DealPartnership["businessId"];
  readonly customer: CustomerInput;
  readonly estimatedValueCents: Cents | null;
  readonly expectedCloseDate: string | null;
  readonly notes: string;
  readonly status: DealStatus;
  readonly at: Date;
}

/** One page of a list. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** A sale to store. */
export interface NewSale {
  readonly partnershipId: DealPartnership["partnershipId"];
  readonly dealId: DealId | null;
  readonly customerId: CustomerId | null;
  readonly saleDate: string;
  readonly kind: SaleKind;
  readonly reportedBy: SaleReporter;
  readonly source: SaleSource;
  readonly externalRef: string | null;
  readonly status: SaleStatus;
}

export class DealRepository extends Context.Tag("deal/DealRepository")<
  DealRepository,
  {
    /** The partnership with its parties and the signed terms' day counts, or none. */
    readonly partnership: (id: number) => Effect.Effect<Option.Option<DealPartnership>>;
    /**
     * Stores the customer and the deal in one transaction after the conflict check (conflict.ts)
     * against the business's customers, house accounts and registrations holding a customer at
     * `at`; serialised per business, so of two registrations of one customer at the same moment
     * exactly one is stored and the other fails with CustomerAlreadyRegistered.
     */
    readonly register: (input: NewDeal) => Effect.Effect<Deal, CustomerAlreadyRegistered>;
    readonly findDeal: (id: DealId) => Effect.Effect<Option.Option<Deal>>;
    /** A party's deals, newest first, optionally in one state. */
    readonly listDeals: (query: {
      readonly party: "business" | "agent";
      readonly profileId: number;
      readonly partnershipId?: number | undefined;
      readonly state?: DealState | undefined;
      readonly page: number;
      readonly pageSize: number;
    }) => Effect.Effect<Page<Deal>>;
    /** Locks the deal, runs `decide` and stores its status on Right (serialises answers). */
    readonly updateDeal: <E>(
      id: DealId,
      decide: (deal: Deal) => Either.Either<DealStatus & { readonly expiryNoticeFor?: string | null }, E>,
    ) => Effect.Effect<{ readonly before: Deal; readonly after: Deal }, E | DealNotFound>;
    readonly addProof: (proof: Omit<DealProof, "id" | "createdAt">) => Effect.Effect<DealProof>;
    readonly findProof: (id: number) => Effect.Effect<Option.Option<DealProof>>;
    /** Approved deals whose protection ended before the Sydney day `today` (`yyyy-MM-dd`). */
    readonly expiredBy: (today: string) => Effect.Effect<readonly DealId[]>;
    /** Approved deals protected through a day ≤ `until` not yet told about it. */
    readonly expiringBy: (until: string) => Effect.Effect<readonly DealId[]>;
    /** Adds a customer to the business's own list (or a house account). */
    readonly addCustomer: (
      businessId: number,
      input: CustomerInput & { readonly houseAccount: boolean },
    ) => Effect.Effect<Customer>;
    /** Removes one of the business's own customers or house accounts; false when it has none with `id`. */
    readonly removeCustomer: (businessId: number, id: CustomerId) => Effect.Effect<boolean>;
    readonly listCustomers: (
      businessId: number,
      page: { readonly page: number; readonly pageSize: number },
    ) => Effect.Effect<Page<Customer>>;
  }
>() {}

export class SaleRepository extends Context.Tag("deal/SaleRepository")<
  SaleRepository,
  {
    /**
     * Stores the sales in one statement, in order; SaleAlreadyRecorded (nothing stored) when an
     * external reference is already recorded for the partnership or repeated in `sales`.
     */
    readonly record: (sales: readonly NewSale[]) => Effect.Effect<readonly Sale[], SaleAlreadyRecorded>;
    readonly findSale: (id: SaleId) => Effect.Effect<Option.Option<Sale>>;
    readonly listSales: (query: {
      readonly party: "business" | "agent";
      readonly profileId: number;
      readonly partnershipId?: number | undefined;
      readonly state?: SaleState | undefined;
      readonly page: number;
      readonly pageSize: number;
    }) => Effect.Effect<Page<Sale>>;
    /** Locks the sale, runs `decide` and stores its status on Right. */
    readonly updateSale: <E>(
      id: SaleId,
      decide: (sale: Sale) => Either.Either<SaleStatus & { readonly confirmNoticeAt?: Date | null }, E>,
    ) => Effect.Effect<{ readonly before: Sale; readonly after: Sale }, E | DealNotFound>;
    /** Reported sales whose window ended at or before `at`. */
    readonly confirmableBy: (at: Date) => Effect.Effect<readonly SaleId[]>;
    /** Reported sales whose window ends at or before `until`, not yet noticed. */
    readonly confirmingBy: (until: Date) => Effect.Effect<readonly SaleId[]>;
  }
>() {}
