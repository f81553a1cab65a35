/** The local gateway's card steps for a subscription payment (offline development, ADR 0008). */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { SubscriptionPaymentNotFound } from "./errors.ts";
import { LocalBilling, type LocalCardDetails, SubscriptionRepository } from "./ports.ts";
import { deliverLocalBillingEvents } from "./subscription-events.ts";

const localBilling = (id: string) =>
  Effect.flatMap(Effect.serviceOption(LocalBilling), (billing) =>
    Option.isSome(billing)
      ? Effect.succeed(billing.value)
      : Effect.fail(new SubscriptionPaymentNotFound({ id })),
  );

/** The caller's own subscription payment, else 404. */
const ownPayment = Effect.fn("subscription.ownPayment")(function* (user: User, paymentId: string) {
  const found = yield* (yield* SubscriptionRepository).findByPayment(user.id, paymentId);
  if (Option.isNone(found)) return yield* new SubscriptionPaymentNotFound({ id: paymentId });
  return found.value;
});

/** The local checkout's card form submits here (the role Stripe.js plays), then events are delivered. */
export const confirmLocalSubscriptionPayment = Effect.fn("subscription.confirmLocalPayment")(function* (
  user: User,
  paymentId: string,
  clientSecret: string,
  card: LocalCardDetails,
) {
  const billing = yield* localBilling(paymentId);
  yield* ownPayment(user, paymentId);
  const payment = yield* billing.confirm(paymentId, clientSecret, card);
  yield* deliverLocalBillingEvents();
  return payment;
});

/** Completes or fails the local extra authentication step (test card …3155). */
export const authenticateLocalSubscriptionPayment = Effect.fn("subscription.authenticateLocalPayment")(
  function* (user: User, paymentId: string, clientSecret: string, outcome: "complete" | "fail") {
    const billing = yield* localBilling(paymentId);
    yield* ownPayment(user, paymentId);
    const payment = yield* billing.authenticate(paymentId, clientSecret, outcome);
    yield* deliverLocalBillingEvents();
    return payment;
  },
);
