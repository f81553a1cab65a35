/**
 * The webhook signature (ADR 0023), as Stripe's: header
 * `Closr-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * Receivers verify it with `verifyWebhookSignature` from @closr/contracts.
 */
import { createHmac, randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "@closr/core/integrations";

/** The `Closr-Signature` header value of `body` at `timestampSeconds`. */
export function signWebhookBody(secret: string, body: string, timestampSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestampSeconds}.${body}`).digest("hex");
  return `t=${timestampSeconds},v1=${v1}`;
}

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export const generateWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
