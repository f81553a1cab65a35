/**
 * Demo messages for the embedded default (issue 6): a short conversation between the demo
 * partners Harbour Tech and Mia Chen, whose last message Harbour Tech has not read yet (so the
 * bell and the Messages link show a real unread count). Goes through the real use case, so the
 * live events are written too. Idempotent: skipped once Harbour Tech has any message.
 */

import { markConversationRead, sendMessage } from "@closr/core/messaging";
import { Effect } from "effect";
import { PgDatabase } from "../postgres/index.ts";
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
      const say = (from: typeof b, to: typeof b, content: string) =>
        sendMessage(from, { receiverId: to.id, content });
      yield* say(
        a,
        b,
        "Hi Harbour Tech team, thanks for accepting my request! Keen to help with the Sydney launch.",
      );
      yield* say(b, a, "Welcome aboard, Mia. Could you start with the logistics firms on our shortlist?");
      yield* say(a, b, "Absolutely. I've booked three demos for next week and sent the October invoice.");
      yield* markConversationRead(b, a.id);
      yield* say(a, b, "Quick one: can I offer a 30-day pilot to the larger accounts?");
    }),
  );
}
