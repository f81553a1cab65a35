/**
 * PayoutGatewayLocal (issue 14): Stripe Connect Express accounts simulated over PostgreSQL, so
 * payouts work offline. Opening an account records it (one per idempotency key); onboarding is the
 * app's own form (/agent/payouts) instead of Stripe's hosted pages; submitting bank details plays
 * Stripe's verification and answers an `account.updated` event that goes through the same path as
 * Stripe's webhooks. Test bank accounts (like Stripe's AU test numbers,
 * https://docs.stripe.com/connect/testing#account-numbers): BSB 000-000 with 000123456 succeeds;
 * 111111116 fails verification (restricted, the bank account is due again); any other number in
 * the right format succeeds. Bank numbers are never stored (only the last four digits).
 */
import { randomBytes } from "node:crypto";
import type { User } from "@closr/core/identity";
import { InvalidWebhook } from "@closr/core/payment";
import {
  type AccountEvent,
  applyAccountEvent,
  type BankDetails,
  getPayoutAccount,
  PayoutAccountMissing,
  PayoutGateway,
  parseBankDetails,
} from "@closr/core/payout";
import { Clock } from "@closr/core/shared";
import { Context, Effect, Layer, Option } from "effect";
import { PgDatabase } from "../postgres/database-service.ts";

/** The account number Stripe's tests use for a bank account that fails verification. */
export const failingTestAccountNumber = "111111116";

/** The part of Stripe's servers that verifies an account's bank details (local gateway only). */
export class LocalPayoutNetwork extends Context.Tag("adapters/LocalPayoutNetwork")<
  LocalPayoutNetwork,
  { readonly verify: (accountId: string, details: BankDetails) => Effect.Effect<AccountEvent, never, Clock> }
>() {}

/** What verifying `details` makes of account `accountId`, as an account.updated event at `now`. */
export const localVerification = (accountId: string, details: BankDetails, now: Date): AccountEvent => {
  const failed = details.accountNumber === failingTestAccountNumber;
  return {
    id: `evt_local_acct_${randomBytes(10).toString("hex")}`,
    createdAt: now,
    account: {
      accountId,
      chargesEnabled: !failed,
      payoutsEnabled: !failed,
      detailsSubmitted: true,
      requirements: failed ? ["external_account"] : [],
      disabledReason: failed
        ? "We could not verify this bank account. Check the BSB and account number and try again."
        : null,
      bankLastFour: details.accountNumber.slice(-4),
    },
  };
};

/** The local payout gateway and its verification network over the process's database. */
export const PayoutGatewayLocal = Layer.unwrapEffect(
  Effect.map(PgDatabase, (db) =>
    Layer.mergeAll(
      Layer.succeed(PayoutGateway, {
        kind: "local",
        createAccount: (request) =>
          Effect.promise(async () => {
            await db
              .insertInto("localConnectedAccounts")
              .values({
                id: `acct_local_${randomBytes(8).toString("hex")}`,
                idempotencyKey: request.idempotencyKey,
                email: request.email,
              })
              .onConflict((oc) => oc.column("idempotencyKey").doNothing())
              .execute();
            const row = await db
              .selectFrom("localConnectedAccounts")
              .select("id")
              .where("idempotencyKey", "=", request.idempotencyKey)
              .executeTakeFirstOrThrow();
            return { accountId: row.id };
          }),
        // The local onboarding form is on the page the agent returns to.
        onboardingLink: (request) => Effect.succeed({ url: request.returnUrl }),
        parseWebhook: () =>
          Effect.fail(
            new InvalidWebhook({ message: "The local payment gateway does not receive webhooks." }),
          ),
      }),
      Layer.succeed(LocalPayoutNetwork, {
        verify: (accountId, details) =>
          Effect.map(
            Effect.flatMap(Clock, (clock) => clock.now),
            (now) => localVerification(accountId, details, now),
          ),
      }),
    ),
  ),
);

/**
 * The local onboarding form submits here (the role Stripe's hosted onboarding plays): the caller's
 * account must exist; bank details are checked by format, then "verified" and the resulting
 * account.updated event applied. Answers the account as it is now.
 */
export const submitLocalBankDetails = Effect.fn("payout.submitLocalBankDetails")(function* (
  user: User,
  details: BankDetails,
) {
  const network = yield* Effect.serviceOption(LocalPayoutNetwork);
  const current = yield* getPayoutAccount(user);
  if (Option.isNone(network) || current.account.gatewayAccountId === null)
    return yield* new PayoutAccountMissing({ agentId: current.account.agentId });
  const parsed = yield* parseBankDetails(details);
  const event = yield* network.value.verify(current.account.gatewayAccountId, parsed);
  yield* applyAccountEvent(event);
  return yield* getPayoutAccount(user);
});
