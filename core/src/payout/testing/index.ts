/**
 * In-memory payout account store and a scripted payout gateway for unit tests. Like the adapters:
 * one account per agent, `attachAccount` keeps an account already attached, an event applies
 * once per id and only to a known account; the gateway makes `acct_local_<agent>` accounts once
 * per idempotency key and answers a local onboarding link.
 */
import { Effect, Layer, Option } from "effect";
import type { AgentProfileId } from "../../shared/ids.ts";
import type { PayoutAccount } from "../model.ts";
import { PayoutAccountRepository, PayoutGateway } from "../ports.ts";

/** A payout account that has not started at the gateway (object mother). */
export const aPayoutAccount = (
  agentId: AgentProfileId,
  overrides: Partial<PayoutAccount> = {},
): PayoutAccount => ({
  agentId,
  gatewayAccountId: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  requirements: [],
  disabledReason: null,
  bankLastFour: null,
  abn: null,
  gstRegistered: false,
  lastEventAt: null,
  updatedAt: new Date(0),
  ...overrides,
});

export function makePayoutMemory() {
  const accounts = new Map<AgentProfileId, PayoutAccount>();
  const seenEvents = new Set<string>();
  const created: string[] = [];
  const upsert = (agentId: AgentProfileId, change: Partial<PayoutAccount>) => {
    const next = { ...(accounts.get(agentId) ?? aPayoutAccount(agentId)), ...change };
    accounts.set(agentId, next);
    return next;
  };
  const repository = Layer.succeed(PayoutAccountRepository, {
    find: (agentId) => Effect.sync(() => Option.fromNullable(accounts.get(agentId))),
    attachAccount: (agentId, accountId) =>
      Effect.sync(() =>
        upsert(agentId, { gatewayAccountId: accounts.get(agentId)?.gatewayAccountId ?? accountId }),
      ),
    saveTaxDetails: (agentId, details) => Effect.sync(() => upsert(agentId, details)),
    applyAccountEvent: (event) =>
      Effect.sync(() => {
        if (seenEvents.has(event.id)) return "duplicate" as const;
        seenEvents.add(event.id);
        const account = [...accounts.values()].find((a) => a.gatewayAccountId === event.account.accountId);
        if (!account) return "unknown-account" as const;
        const { accountId: _, ...state } = event.account;
        upsert(account.agentId, { ...state, lastEventAt: event.createdAt });
        return "applied" as const;
      }),
    businessAbn: () => Effect.succeed(Option.none()),
  });
  const gateway = Layer.succeed(PayoutGateway, {
    kind: "local",
    createAccount: (request) =>
      Effect.sync(() => {
        if (!created.includes(request.idempotencyKey)) created.push(request.idempotencyKey);
        return { accountId: `acct_local_${request.agentId}` };
      }),
    onboardingLink: (request) =>
      Effect.succeed({ url: `/settings/payouts/local-onboarding?account=${request.accountId}` }),
    parseWebhook: () => Effect.succeed(undefined),
  });
  return { layer: Layer.merge(repository, gateway), accounts, created };
}
