/** The agent's payout account (ADR 0011): onboarding with the gateway, its events, tax and bank details. */
import { Effect, Either, Option } from "effect";
import type { User } from "../identity/index.ts";
import { type AgentProfileId, parseAbn } from "../shared/index.ts";
import { InvalidBankDetails, InvalidTaxDetails } from "./errors.ts";
import { type AccountEvent, type PayoutAccount, payoutStatus } from "./model.ts";
import { callerAgent } from "./payout-access.ts";
import { PayoutAccountRepository, PayoutGateway } from "./ports.ts";

/** Days between a payment and its payout to the agent's bank (Stripe's standard AU schedule: 2 days). */
export const payoutDelayDays = 2;

/**
 * The payout account of an agent who has not started: nothing at the gateway, no tax details
 * (status not_started); `now` is its updatedAt. What getPayoutAccount answers without a stored row.
 */
export const notStarted = (agentId: AgentProfileId, now: Date): PayoutAccount => ({
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
  updatedAt: now,
});

/** The caller's payout account and its status (not_started when they have none). */
export const getPayoutAccount = Effect.fn("payout.getPayoutAccount")(function* (user: User) {
  const { agentId } = yield* callerAgent(user, "set up payouts");
  const found = yield* (yield* PayoutAccountRepository).find(agentId);
  const account = Option.getOrElse(found, () => notStarted(agentId, new Date(0)));
  const gateway = yield* PayoutGateway;
  return { account, status: payoutStatus(account), gateway: gateway.kind };
});

/**
 * Starts or continues onboarding: opens the agent's connected account once (idempotency key per
 * agent) and answers where to give the details (Stripe's hosted onboarding, or the local form).
 */
export const startPayoutOnboarding = Effect.fn("payout.startPayoutOnboarding")(function* (
  user: User,
  urls: { readonly returnUrl: string; readonly refreshUrl: string },
) {
  const { agentId } = yield* callerAgent(user, "set up payouts");
  const accounts = yield* PayoutAccountRepository;
  const gateway = yield* PayoutGateway;
  const found = yield* accounts.find(agentId);
  let accountId = Option.isSome(found) ? found.value.gatewayAccountId : null;
  if (accountId === null) {
    const created = yield* gateway.createAccount({
      agentId,
      email: user.email,
      idempotencyKey: `closr-payout-account-agent-${agentId}`,
    });
    accountId =
      (yield* accounts.attachAccount(agentId, created.accountId)).gatewayAccountId ?? created.accountId;
  }
  const link = yield* gateway.onboardingLink({ accountId, ...urls });
  return { url: link.url, accountId };
});

/** Applies one `account.updated` event once; replays and events older than the last applied change nothing. */
export const applyAccountEvent = Effect.fn("payout.applyAccountEvent")(function* (event: AccountEvent) {
  return yield* (yield* PayoutAccountRepository).applyAccountEvent(event);
});

/** A Stripe Connect webhook: verified on the raw body, then applied once. InvalidWebhook → 400. */
export const handlePayoutWebhook = Effect.fn("payout.handlePayoutWebhook")(function* (
  rawBody: string,
  signature: string | undefined,
) {
  const event = yield* (yield* PayoutGateway).parseWebhook(rawBody, signature);
  if (!event) return { received: true, outcome: "ignored" as const };
  return { received: true, outcome: yield* applyAccountEvent(event) };
});

/**
 * The agent's ABN (ATO checksum; spaces or dashes allowed; empty = none) and GST registration. Registering
 * for GST needs an ABN (ATO: an entity registers for GST under its ABN).
 */
export const saveTaxDetails = Effect.fn("payout.saveTaxDetails")(function* (
  user: User,
  input: { readonly abn: string | null; readonly gstRegistered: boolean },
) {
  const { agentId } = yield* callerAgent(user, "record tax details");
  let abn: string | null = null;
  if (input.abn !== null && input.abn.trim() !== "") {
    const parsed = parseAbn(input.abn);
    if (Either.isLeft(parsed))
      return yield* new InvalidTaxDetails({ field: "abn", message: parsed.left.message });
    abn = parsed.right;
  }
  if (input.gstRegistered && abn === null)
    return yield* new InvalidTaxDetails({
      field: "gstRegistered",
      message: "Enter your ABN to invoice as registered for GST",
    });
  yield* (yield* PayoutAccountRepository).saveTaxDetails(agentId, {
    abn,
    gstRegistered: input.gstRegistered,
  });
  return yield* getPayoutAccount(user);
});

/** Bank details as the local onboarding form takes them. */
export interface BankDetails {
  readonly accountName: string;
  readonly bsb: string;
  readonly accountNumber: string;
}

/**
 * Checks the local form's bank details by format only (issue 14): BSB 6 digits (`000-000` or
 * `000000`), account number 5 to 9 digits, account name at least 2 characters. Returns them
 * normalised (digits only).
 */
export const parseBankDetails = (input: BankDetails): Either.Either<BankDetails, InvalidBankDetails> => {
  const accountName = input.accountName.trim();
  const bsb = input.bsb.trim();
  const accountNumber = input.accountNumber.replace(/\s+/g, "");
  if (accountName.length < 2)
    return Either.left(new InvalidBankDetails({ field: "accountName", message: "Enter the account name" }));
  if (!/^\d{3}-?\d{3}$/.test(bsb))
    return Either.left(new InvalidBankDetails({ field: "bsb", message: "A BSB is 6 digits, like 062-000" }));
  if (!/^\d{5,9}$/.test(accountNumber))
    return Either.left(
      new InvalidBankDetails({ field: "accountNumber", message: "An account number is 5 to 9 digits" }),
    );
  return Either.right({ accountName, bsb: bsb.replace("-", ""), accountNumber });
};
