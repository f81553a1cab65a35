/**
 * Collection ports (issue 45, ADR 0064). Infrastructure failures are defects; the error channel
 * holds domain errors. Money is integer cents, AUD; dates `yyyy-MM-dd` (Sydney).
 */
import { Context, type Effect, type Either, type Option } from "effect";
import type { GatewayIntent, InvalidWebhook } from "../payment/index.ts";
import type { InvoiceFacts } from "../shared/domain-events.ts";
import type {
  AgentProfileId,
  BusinessProfileId,
  Cents,
  InvoiceId,
  PartnershipId,
  PaymentId,
} from "../shared/index.ts";
import type { CollectionCandidate, CollectionDecision } from "./collection-decision.ts";
import type { MandateNotFound, MandateSetupRefused } from "./errors.ts";
import type { Mandate, MandateId, MandateMethod } from "./model.ts";

/** One unpaid invoice whose partnership has a mandate, as the sweep reads it. */
export interface CollectionRow {
  readonly candidate: CollectionCandidate;
  readonly invoice: InvoiceFacts & { readonly platformFeeCents: Cents };
  readonly mandate: Mandate | null;
  readonly noticeSentOn: string | null;
  /** The highest attempt whose failure was already told (0: none). */
  readonly failureNotifiedAttempt: number;
}

export interface NewMandate {
  readonly partnershipId: PartnershipId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  readonly method: MandateMethod;
  readonly reference: string;
  readonly setupIntentId: string;
  readonly paymentMethodId: string | null;
  readonly bsb: string | null;
  readonly lastFour: string;
  readonly acceptedAt: Date;
  readonly acceptedIp: string | null;
  readonly acceptedUserAgent: string | null;
}

export class MandateRepository extends Context.Tag("collection/MandateRepository")<
  MandateRepository,
  {
    readonly insert: (mandate: NewMandate) => Effect.Effect<Mandate>;
    readonly findById: (id: MandateId) => Effect.Effect<Option.Option<Mandate>>;
    readonly findBySetupIntent: (setupIntentId: string) => Effect.Effect<Option.Option<Mandate>>;
    /** The mandate whose gateway Mandate (`mandate_…`) this is (Stripe's `mandate.updated` names only it). */
    readonly findByGatewayMandate: (gatewayMandateId: string) => Effect.Effect<Option.Option<Mandate>>;
    /** The partnership's pending or active mandate. */
    readonly liveFor: (partnershipId: PartnershipId) => Effect.Effect<Option.Option<Mandate>>;
    readonly listForBusiness: (businessId: BusinessProfileId) => Effect.Effect<readonly Mandate[]>;
    /** Locks the mandate, runs `decide`, stores its result. */
    readonly change: <E>(
      id: MandateId,
      decide: (mandate: Mandate) => Either.Either<Mandate, E>,
    ) => Effect.Effect<Mandate, E | MandateNotFound>;
  }
>() {}

export class CollectionRepository extends Context.Tag("collection/CollectionRepository")<
  CollectionRepository,
  {
    /** Unpaid, uncancelled invoices due on or before `through` whose partnership has a mandate, by id after `afterId`. */
    readonly dueRows: (
      through: string,
      afterId: number,
      limit: number,
    ) => Effect.Effect<readonly CollectionRow[]>;
    /**
     * Locks the invoice, re-reads its row and runs `decide`; on a new charge records the attempt
     * (a pending payment of the invoice's amount made by the mandate) in the same transaction.
     * Answers the decision and the attempt's payment id (null when skipped).
     */
    readonly beginAttempt: (
      invoiceId: InvoiceId,
      decide: (row: CollectionRow) => CollectionDecision,
    ) => Effect.Effect<{
      readonly decision: CollectionDecision;
      readonly paymentId: PaymentId | null;
      readonly row: CollectionRow | null;
    }>;
    /** The collection facts of one invoice (its partnership's live or latest mandate), or none without a mandate. */
    readonly forInvoice: (invoiceId: InvoiceId) => Effect.Effect<Option.Option<CollectionRow>>;
    readonly markNoticeSent: (invoiceId: InvoiceId, on: string) => Effect.Effect<void>;
    readonly markFailureNotified: (invoiceId: InvoiceId, attempt: number) => Effect.Effect<void>;
  }
>() {}

/** Setting up a mandate at the gateway (Stripe: a SetupIntent, usage off_session, with mandate_data). */
export interface MandateSetupRequest {
  readonly method: MandateMethod;
  readonly bsb?: string | undefined;
  readonly accountNumber?: string | undefined;
  readonly cardNumber?: string | undefined;
  readonly accountName: string;
  readonly email: string;
  readonly acceptance: { readonly at: Date; readonly ip: string | null; readonly userAgent: string | null };
}

export interface MandateSetupResult {
  readonly setupIntentId: string;
  /** succeeded: usable now; processing: the gateway confirms later (webhook). */
  readonly status: "succeeded" | "processing";
  readonly gatewayMandateId: string | null;
  readonly paymentMethodId: string | null;
  readonly lastFour: string;
  /**
   * What the browser confirms with Stripe.js (`seti_…_secret_…`) when the gateway needs it (a card
   * in Stripe mode); null when the set-up was confirmed on the server (BECS, the local gateway).
   */
  readonly clientSecret: string | null;
}

/** An off-session charge of a mandate (Stripe: PaymentIntent with confirm + off_session + mandate). */
export interface MandateChargeRequest {
  readonly amountCents: Cents;
  readonly idempotencyKey: string;
  readonly invoiceId: InvoiceId;
  readonly paymentId: PaymentId;
  readonly mandate: Mandate;
  readonly description: string;
  /** The Sydney date of the charge (`yyyy-MM-dd`): a BECS debit clears 2–3 business days later. */
  readonly chargedOn: string;
  /** Stripe Connect destination charge to the agent's account, less the platform fee. */
  readonly transfer?: { readonly destination: string; readonly applicationFeeCents: Cents };
}

/** A mandate-side event from the gateway (Stripe webhook types). */
export interface MandateGatewayEvent {
  readonly id: string;
  readonly type: "setup_intent.succeeded" | "setup_intent.setup_failed" | "mandate.updated";
  /** The SetupIntent (`seti_…`); empty for `mandate.updated`, which names the gateway mandate only. */
  readonly setupIntentId: string;
  readonly status: "active" | "inactive" | "pending";
  readonly gatewayMandateId: string | null;
  readonly paymentMethodId: string | null;
  readonly reason: string | null;
}

export class MandateGateway extends Context.Tag("collection/MandateGateway")<
  MandateGateway,
  {
    readonly kind: "local" | "stripe";
    readonly setUp: (request: MandateSetupRequest) => Effect.Effect<MandateSetupResult, MandateSetupRefused>;
    /** One PaymentIntent per idempotency key: a repeated request answers the first intent. */
    readonly charge: (request: MandateChargeRequest) => Effect.Effect<GatewayIntent>;
    /**
     * The local gateway's clearing (BECS: 2–3 business days): intents processing whose clearing date came
     * settle and record their payment events; answers the mandate events it caused. Stripe: none.
     */
    readonly clearDue: (today: string) => Effect.Effect<readonly MandateGatewayEvent[]>;
    /**
     * A signed Stripe webhook that is a mandate event (`setup_intent.succeeded`,
     * `setup_intent.setup_failed`, `mandate.updated`), verified like every other; undefined for any
     * other type (the payment and subscription paths take those). The local gateway: always undefined.
     */
    readonly parseWebhook: (
      rawBody: string,
      signature: string | undefined,
    ) => Effect.Effect<MandateGatewayEvent | undefined, InvalidWebhook>;
  }
>() {}
