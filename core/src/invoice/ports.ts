/** Invoice ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Option } from "effect";
import type { AgreementTerms } from "../agreement/index.ts";
import type { AgentProfileId, AgreementVersionId, Cents, InvoiceId, PartnershipId } from "../shared/index.ts";
import type { PartyListing } from "../shared/paging.ts";
import type { InvoiceView, NewInvoice } from "./model.ts";

export type InvoiceParty = "business" | "agent";

export class InvoiceRepository extends Context.Tag("invoice/InvoiceRepository")<
  InvoiceRepository,
  {
    readonly insert: (invoice: NewInvoice) => Effect.Effect<InvoiceView>;
    readonly findById: (id: InvoiceId) => Effect.Effect<Option.Option<InvoiceView>>;
    /** One party's invoices, newest first. */
    readonly listFor: PartyListing<InvoiceView>;
    /**
     * The agent's invoices paid during `month` (`yyyy-MM`, Australia/Sydney), in cents: gross (what
     * businesses paid) and net (less platform fees and the transfers reversed by refunds; issue 14).
     */
    readonly paidTotalForAgent: (
      agentId: AgentProfileId,
      month: string,
    ) => Effect.Effect<{ readonly paidCents: Cents; readonly netCents: Cents }>;
  }
>() {}

/** What an agent's invoices are raised under (issue 14), read from their payout account and tax details. */
export interface AgentInvoiceTerms {
  /** Not started, onboarding, restricted or enabled; only enabled may invoice. */
  readonly payoutStatus: "not_started" | "onboarding" | "restricted" | "enabled";
  /** 11 digits, or null when the agent quoted none. */
  readonly abn: string | null;
  readonly gstRegistered: boolean;
  /** The platform fee rate in basis points of the ex-GST amount (config; default 500 = 5 %). */
  readonly feeBasisPoints: number;
}

/** The signed agreement version in force on a partnership (issue 17): invoices are checked against it. */
export interface AgreementInForce {
  /** The version's row id (stored on the invoice). */
  readonly versionId: AgreementVersionId;
  readonly number: number;
  readonly terms: AgreementTerms;
}

/** The terms an agent invoices under (implemented over the payout accounts, the fee setting and the agreements). */
export class InvoiceTerms extends Context.Tag("invoice/InvoiceTerms")<
  InvoiceTerms,
  {
    readonly forAgent: (agentId: AgentProfileId) => Effect.Effect<AgentInvoiceTerms>;
    /** The partnership's signed agreement in force; None for partnerships without one (they invoice as before). */
    readonly agreementFor: (partnershipId: PartnershipId) => Effect.Effect<Option.Option<AgreementInForce>>;
  }
>() {}
