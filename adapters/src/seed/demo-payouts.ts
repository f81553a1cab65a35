/**
 * Demo payouts (issue 14): Mia Chen has a completed payout account on the local gateway (BSB
 * 000-000, account 000123456, verified) and is registered for GST under ABN 83 914 571 673; Jack
 * Wilson has neither, so a newcomer sees both paths. Goes through the real use cases. Runs before
 * the demo invoices (an agent needs payouts to invoice). Idempotent.
 */
import {
  applyAccountEvent,
  getPayoutAccount,
  saveTaxDetails,
  startPayoutOnboarding,
} from "@closr/core/payout";
import { Clock } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { localVerification } from "../local-gateway/payout-gateway-local.ts";
import { userByLogin } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

/** Mia Chen's demo ABN (valid ATO checksum). */
export const demoAgentAbn = "83914571673";

export async function seedDemoPayouts(runtime: SeedRuntime) {
  await runtime.runPromise(
    Effect.gen(function* () {
      const mia = yield* userByLogin("mia.chen");
      if (Option.isNone(mia)) return;
      const current = yield* getPayoutAccount(mia.value);
      if (current.status === "enabled") return;
      const urls = {
        returnUrl: "http://localhost/agent/payouts",
        refreshUrl: "http://localhost/agent/payouts",
      };
      const { accountId } = yield* startPayoutOnboarding(mia.value, urls);
      const now = yield* (yield* Clock).now;
      // With Stripe the account is completed on Stripe's pages; the demo uses the local verification.
      yield* applyAccountEvent(
        localVerification(
          accountId,
          { accountName: "Mia Chen", bsb: "000000", accountNumber: "000123456" },
          now,
        ),
      );
      yield* saveTaxDetails(mia.value, { abn: demoAgentAbn, gstRegistered: true });
    }).pipe(Effect.catchAll((error) => Effect.logWarning("demo payouts skipped", error))),
  );
}
