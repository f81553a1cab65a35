/**
 * Errors of the payment provider's webhooks, shared by the payment and subscription contexts
 * (both read Stripe's webhooks; ADR 0008). Kept in the kernel so neither context imports the other.
 */
import { Data } from "effect";

/** A webhook with a missing, wrong or stale signature, or an unreadable body (400). */
export class InvalidWebhook extends Data.TaggedError("InvalidWebhook")<{ readonly message: string }> {}
