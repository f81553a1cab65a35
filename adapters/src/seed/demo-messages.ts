/**
 * Demo messages for the embedded default (issue 6): the conversation between the demo partners
 * Harbour Tech and Mia Chen since their partnership began, at office hours in Sydney over five
 * weeks (seed/demo-clock.ts), whose last message Harbour Tech has not read yet (so the bell and
 * the Messages link show a real unread count of 1). Goes through the real use case, so the live
 * events are written too; then each message is dated. Idempotent: skipped once Harbour Tech has
 * any message.
 */

import { markConversationRead, sendMessage } from "@closr/core/messaging";
import { Effect } from "effect";
import { PgDatabase } from "../postgres/index.ts";
import { sydneyMonthName, sydneyWorkTime } from "./demo-clock.ts";
import { seedForDemoParties } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

export async function seedDemoMessages(runtime: SeedRuntime) {
  await seedForDemoParties(runtime, "messages", ({ business, agent }) =>
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      const existing = yield* Effect.promise(() =>
        db
          .selectFrom("messages")
          .select("id")
          .where((eb) => eb.or([eb("senderId", "=", business.id), eb("receiverId", "=", business.id)]))
          .limit(1)
          .execute(),
      );
      if (existing.length > 0) return;
      const b = business;
      const a = agent;
      // The conversation since the partnership began, at office hours in Sydney over five weeks:
      // [who writes, days ago, hour, minute, text]. The last is new: Harbour Tech has not read it.
      const now = new Date();
      const invoiced = sydneyMonthName(now, 2);
      const conversation: [typeof b, number, number, number, string][] = [
        [
          a,
          36,
          9,
          12,
          "Hi Harbour Tech team, thanks for accepting my request! Keen to help with the Sydney launch.",
        ],
        [b, 36, 10, 47, "Welcome aboard, Mia. Could you start with the logistics firms on our shortlist?"],
        [
          a,
          35,
          14,
          5,
          "Will do. Is there a one-page overview of the fleet dashboard I can send after first calls?",
        ],
        [
          b,
          35,
          16,
          20,
          "Attached to your partner folder now, plus the pricing sheet for 20+ vehicle fleets.",
        ],
        [
          a,
          28,
          11,
          34,
          "Two good calls this week: a Botany freight company and a cold-chain operator in Ingleburn.",
        ],
        [b, 27, 8, 55, "Great news. Loop in Sam from our product team for the cold-chain demo."],
        [a, 21, 15, 40, "Demo done. They want a quote for 45 vehicles and a 12-month term."],
        [b, 20, 9, 30, "Quote sent to them this morning, with the annual discount we discussed."],
        [
          a,
          13,
          10,
          18,
          `Signed! I've booked three more demos for next week and sent the ${invoiced} invoice.`,
        ],
        [b, 12, 13, 2, "Brilliant work, Mia. Invoice approved; it goes out in our next payment run."],
        [a, 2, 9, 41, "Quick one: can I offer a 30-day pilot to the larger accounts?"],
      ];
      const sent: { id: number; at: Date }[] = [];
      for (const [from, daysAgo, hour, minute, content] of conversation) {
        const to = from === a ? b : a;
        const message = yield* sendMessage(from, { receiverId: to.id, content });
        sent.push({ id: message.id, at: sydneyWorkTime(now, daysAgo, hour, minute) });
        if (from === a && daysAgo > 2) yield* markConversationRead(b, a.id);
        if (from === b) yield* markConversationRead(a, b.id);
      }
      yield* Effect.promise(async () => {
        for (const { id, at } of sent)
          await db.updateTable("messages").set({ sentAt: at }).where("id", "=", id).execute();
      });
    }),
  );
}
