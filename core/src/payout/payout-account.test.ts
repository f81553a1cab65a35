import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { aBusinessProfile, anAgentProfile, makeProfilesMemory } from "../profiles/testing/index.ts";
import { AgentProfileId } from "../shared/ids.ts";
import {
  applyAccountEvent,
  getPayoutAccount,
  saveTaxDetails,
  startPayoutOnboarding,
} from "./payout-account.ts";
import { makePayoutMemory } from "./testing/index.ts";

const agent = aUser(10, "agent");
const business = aUser(20, "business");
const urls = { returnUrl: "/settings/payouts", refreshUrl: "/settings/payouts?retry=1" };

/** Agent profile 1 (user 10) and business profile 2 (user 20); the local payout gateway. */
const world = () => {
  const profiles = makeProfilesMemory();
  profiles.agents.push(anAgentProfile({ id: 1, userId: 10 }));
  profiles.businesses.push(aBusinessProfile({ id: 2, userId: 20 }));
  const payouts = makePayoutMemory();
  const layer = Layer.mergeAll(profiles.layer, payouts.layer);
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  return { payouts, run };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : undefined);

describe("payout account use cases", () => {
  it("an agent without an account is not_started; a business is WrongAccountType", async () => {
    const { run } = world();
    expect(Either.getOrThrow(await run(getPayoutAccount(agent)))).toMatchObject({
      status: "not_started",
      gateway: "local",
      account: { agentId: 1, gatewayAccountId: null },
    });
    expect(leftOf(await run(getPayoutAccount(business)))).toMatchObject({
      _tag: "WrongAccountType",
      required: "agent",
      action: "set up payouts",
    });
  });

  it("onboarding opens the connected account once and answers the link each time", async () => {
    const { run, payouts } = world();
    const first = Either.getOrThrow(await run(startPayoutOnboarding(agent, urls)));
    const again = Either.getOrThrow(await run(startPayoutOnboarding(agent, urls)));
    expect(first).toEqual(again);
    expect(first.accountId).toBe("acct_local_1");
    expect(payouts.created).toEqual(["closr-payout-account-agent-1"]);
  });

  it("an account event applies once, and only to a known account", async () => {
    const { run } = world();
    await run(startPayoutOnboarding(agent, urls));
    const event = {
      id: "evt_1",
      createdAt: new Date("2026-11-28T00:00:00Z"),
      account: {
        accountId: "acct_local_1",
        chargesEnabled: true,
        payoutsEnabled: true,
        detailsSubmitted: true,
        requirements: [],
        disabledReason: null,
        bankLastFour: "6789",
      },
    };
    expect(Either.getOrThrow(await run(applyAccountEvent(event)))).toBe("applied");
    expect(Either.getOrThrow(await run(applyAccountEvent(event)))).toBe("duplicate");
    expect(Either.getOrThrow(await run(getPayoutAccount(agent))).status).toBe("enabled");
    const unknown = { ...event, id: "evt_2", account: { ...event.account, accountId: "acct_other" } };
    expect(Either.getOrThrow(await run(applyAccountEvent(unknown)))).toBe("unknown-account");
  });

  it("tax details: a checked ABN is stored; a bad ABN or GST without an ABN is InvalidTaxDetails", async () => {
    const { run, payouts } = world();
    Either.getOrThrow(await run(saveTaxDetails(agent, { abn: "51 824 753 556", gstRegistered: true })));
    expect(payouts.accounts.get(AgentProfileId.make(1))).toMatchObject({
      abn: "51824753556",
      gstRegistered: true,
    });
    expect(
      leftOf(await run(saveTaxDetails(agent, { abn: "12 345 678 901", gstRegistered: false }))),
    ).toMatchObject({
      _tag: "InvalidTaxDetails",
      field: "abn",
    });
    expect(leftOf(await run(saveTaxDetails(agent, { abn: " ", gstRegistered: true })))).toMatchObject({
      _tag: "InvalidTaxDetails",
      field: "gstRegistered",
      message: "Enter your ABN to invoice as registered for GST",
    });
  });
});
