/**
 * Demo invoices for the embedded default (issue 5), on the demo partnership of Harbour Tech and
 * Mia Chen (seed/demo-partnerships.ts): one paid through the local gateway with test card 4242
 * (so both sides have a payment in their history and Mia's Monthly Commission is not 0) and one
 * still due, dated at office hours in Sydney and named for the months before this one. Goes
 * through the real use cases. Idempotent: skipped once Mia has any invoice.
 */

import { createInvoice } from "@closr/core/invoice";
import { startInvoicePayment } from "@closr/core/payment";
import { BusinessProfileId, cents, PartnershipId } from "@closr/core/shared";
import { Effect } from "effect";
import { confirmLocalCardPayment } from "../local-gateway/index.ts";
import { PgDatabase } from "../postgres/index.ts";
import { sydneyMonth, sydneyMonthName, sydneyWorkTime } from "./demo-clock.ts";
import { demoActivePartnership, seedForDemoParties } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

export async function seedDemoInvoices(runtime: SeedRuntime) {
  await seedForDemoParties(runtime, "invoices", ({ business, agent }) =>
    Effect.gen(function* () {
      const partnership = yield* demoActivePartnership(business, agent);
      if (!partnership) return;
      const db = yield* PgDatabase;
      const existing = yield* Effect.promise(() =>
        db.selectFrom("invoices").select("id").where("partnershipId", "=", partnership.id).limit(1).execute(),
      );
      if (existing.length > 0) return;

      const now = new Date();
      const paid = yield* createInvoice(agent, {
        businessId: BusinessProfileId.make(partnership.businessId),
        partnershipId: PartnershipId.make(partnership.id),
        amountCents: cents(184_250),
        description: `${sydneyMonthName(now, 2)} commission: 11 qualified demos booked, 3 deals closed (15% of $12,283.33)`,
      });
      const started = yield* startInvoicePayment(business, paid.id);
      yield* confirmLocalCardPayment(business, started.intent.id, started.intent.clientSecret, {
        number: "4242424242424242",
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: "123",
      });
      const due = yield* createInvoice(agent, {
        businessId: BusinessProfileId.make(partnership.businessId),
        partnershipId: PartnershipId.make(partnership.id),
        amountCents: cents(96_000),
        description: `${sydneyMonthName(now, 1)} lead generation: 40 qualified leads for the Sydney launch`,
      });
      // Dated as the conversation tells it (seed/demo-messages.ts): raised 13 days back in the
      // morning, paid after lunch; the due one raised two days ago.
      const raisedAt = sydneyWorkTime(now, 13, 10, 22);
      // Paid in this Sydney month where it can be (the earliest working day of it, 13:14), so the
      // agent's Monthly Commission on the dashboard is not $0.00.
      const thisMonth = sydneyMonth(now);
      const paidAt =
        [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
          .map((daysAgo) => sydneyWorkTime(now, daysAgo, 13, 14))
          .find((at) => at > raisedAt && sydneyMonth(at) === thisMonth) ?? sydneyWorkTime(now, 12, 13, 14);
      yield* Effect.promise(async () => {
        await db
          .updateTable("invoices")
          .set({ createdAt: raisedAt, paidAt })
          .where("id", "=", paid.id)
          .execute();
        await db
          .updateTable("payments")
          .set({ createdAt: paidAt, updatedAt: paidAt })
          .where("invoiceId", "=", paid.id)
          .execute();
        await db
          .updateTable("invoices")
          .set({ createdAt: sydneyWorkTime(now, 2, 9, 48) })
          .where("id", "=", due.id)
          .execute();
      });
    }),
  );
}
