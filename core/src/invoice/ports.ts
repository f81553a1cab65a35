/** Invoice ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Option } from "effect";
import type { AgentProfileId, Cents, InvoiceId, ProfileId } from "../shared/index.ts";
import type { InvoiceView, NewInvoice } from "./model.ts";

export type InvoiceParty = "business" | "agent";

export class InvoiceRepository extends Context.Tag("invoice/InvoiceRepository")<
  InvoiceRepository,
  {
    readonly insert: (invoice: NewInvoice) => Effect.Effect<InvoiceView>;
    readonly findById: (id: InvoiceId) => Effect.Effect<Option.Option<InvoiceView>>;
    /** One party's invoices, newest first. */
    readonly listFor: (
      party: InvoiceParty,
      profileId: ProfileId,
      page: { readonly page: number; readonly pageSize: number },
    ) => Effect.Effect<{ readonly items: readonly InvoiceView[]; readonly total: number }>;
    /** Sum, in cents, of the agent's invoices paid during `month` (`yyyy-MM`, Australia/Sydney). */
    readonly paidTotalForAgent: (agentId: AgentProfileId, month: string) => Effect.Effect<Cents>;
  }
>() {}
