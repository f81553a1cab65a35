/**
 * The demo partnership's signed commission agreement (issue 17), so a newcomer sees one: Harbour
 * Tech proposes straight 15 % for Sydney and remote, Mia Chen counters once and proposes back a
 * 30-day notice period, and both sign version 2 with the demo password — through the real use
 * cases (machine, hashes, signatures). Idempotent: skipped once the partnership has an agreement.
 */
import {
  AgreementRepository,
  counterAgreement,
  editDraft,
  proposeAgreement,
  signAgreement,
  startAgreement,
} from "@closr/core/agreement";
import { PartnershipId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { DEMO_PASSWORD, demoActivePartnership, seedForDemoParties } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

const terms = (noticeDays: number) => ({
  model: { type: "straight", rate: 15 },
  territory: ["sydney", "remote"],
  exclusive: false,
  products: "Harbour Tech's cloud platform subscriptions for Australian small and medium businesses",
  paymentTermsDays: 14,
  startDate: "2025-07-01",
  endDate: null,
  noticeDays,
});

const consent = { ipAddress: "127.0.0.1", userAgent: "Closr demo seed" };

export async function seedDemoAgreements(runtime: SeedRuntime) {
  await seedForDemoParties(runtime, "agreement", ({ business, agent }) =>
    Effect.gen(function* () {
      const row = yield* demoActivePartnership(business, agent);
      if (!row) return;
      const id = PartnershipId.make(row.id);
      if (Option.isSome(yield* (yield* AgreementRepository).findByPartnership(id))) return;
      yield* startAgreement(business, id, terms(14));
      yield* proposeAgreement(business, id);
      yield* counterAgreement(agent, id);
      yield* editDraft(agent, id, terms(30));
      yield* proposeAgreement(agent, id);
      yield* signAgreement(agent, id, { version: 2, password: DEMO_PASSWORD, ...consent });
      yield* signAgreement(business, id, { version: 2, password: DEMO_PASSWORD, ...consent });
    }),
  );
}
