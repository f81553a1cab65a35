/** Invoice ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Option } from "effect";
import type { InvoiceView, NewInvoice } from "./model.ts";

export type InvoiceParty = "business" | "agent";

export class InvoiceRepository extends Context.Tag("invoice/InvoiceRepository")<
  InvoiceRepository,
  {
    readonly insert: (invoice: NewInvoice) => Effect.Effect<InvoiceView>;
    readonly findById: (id: number) => Effect.Effect<Option.Option<InvoiceView>>;
    /** One party's invoices, newest first. */
    readonly listFor: (
      party: InvoiceParty,
      profileId: number,
      page: { readonly page: number; readonly pageSize: number },
    ) => Effect.Effect<{ readonly items: readonly InvoiceView[]; readonly total: number }>;
    /** Sum, in cents, of the agent's invoices paid during `month` (`yyyy-MM`, Australia/Sydney). */
    readonly paidTotalForAgent: (agentId: number, month: string) => Effect.Effect<number>;
  }
>() {}
