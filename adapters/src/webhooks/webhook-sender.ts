/**
 * WebhookSender over undici (ADR 0023): POSTs the stored body as application/json with
 * `Closr-Signature` (signature.ts), `Closr-Event-Id` and a User-Agent; 10 s timeout; redirects
 * are not followed (a 3xx is a failed attempt).
 *
 * Each attempt checks the URL policy again and resolves the host name once
 * (`checkWebhookTarget`): every address of that one answer must be public in production, and the
 * connection goes to the checked address through an undici `Agent` whose `connect.lookup` answers
 * only that address (`pinnedLookup`). DNS is never asked a second time, so a name that answers a
 * public address to the check and 127.0.0.1 or 169.254.169.254 to the connection (DNS rebinding)
 * reaches nothing inside the network (issue 48; OWASP SSRF Prevention cheat sheet). The host name
 * stays the Host header and the TLS server name, so the receiver's certificate is verified for it.
 */
import { WebhookSender } from "@closr/core/integrations";
import { Effect, Layer } from "effect";
import { Agent, request } from "undici";
import { signWebhookBody } from "./signature.ts";
import { checkWebhookTarget, pinnedLookup, type WebhookResolver } from "./url-policy.ts";

/** Milliseconds a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The sender's settings: the policy's `allowPrivate` (false in production) and the test seams. */
export interface WebhookSenderOptions {
  readonly allowPrivate: boolean;
  /** How host names are resolved (default: the system resolver, `dns.lookup`). */
  readonly resolve?: WebhookResolver | undefined;
  /** Which addresses count as public (default: ipaddr.js unicast); tests only. */
  readonly isPublic?: ((address: string) => boolean) | undefined;
  /** Milliseconds a receiver has to answer (default {@link WEBHOOK_TIMEOUT_MS}). */
  readonly timeoutMs?: number | undefined;
}

/** The innermost message of a failed request (undici wraps socket errors), at most 500 characters. */
const failureMessage = (error: unknown) =>
  (error instanceof Error
    ? error.cause instanceof Error
      ? error.cause.message
      : error.message
    : String(error)
  ).slice(0, 500);

/**
 * The `WebhookSender` Layer. An attempt answers `{ statusCode, error }`: the receiver's status and
 * null for a 2xx; the status and `HTTP <status>` otherwise (3xx included: redirects are not
 * followed); `statusCode: null` with the policy's sentence when the URL is refused (e.g. "The URL
 * must be on the public internet"), or the socket's message when the connection failed.
 */
export const WebhookSenderFetch = (options: WebhookSenderOptions) =>
  Layer.succeed(
    WebhookSender,
    WebhookSender.of({
      send: (delivery, now) =>
        Effect.promise(async () => {
          const checked = await checkWebhookTarget(delivery.url, options);
          if ("refused" in checked) return { statusCode: null, error: checked.refused };
          const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
          // One agent per attempt: its connections can only ever reach the address just checked.
          const agent = new Agent({
            connect: { lookup: pinnedLookup(checked.target.address), timeout: timeoutMs },
          });
          try {
            const response = await request(checked.target.url, {
              dispatcher: agent,
              method: "POST",
              signal: AbortSignal.timeout(timeoutMs),
              headers: {
                "content-type": "application/json",
                "user-agent": "Closr-Webhooks/1.0",
                "closr-event-id": delivery.eventId,
                "closr-signature": signWebhookBody(
                  delivery.secret,
                  delivery.body,
                  Math.floor(now.getTime() / 1000),
                ),
              },
              body: delivery.body,
            });
            // The answer's body is not needed; release the connection.
            await response.body.dump().catch(() => undefined);
            const ok = response.statusCode >= 200 && response.statusCode < 300;
            return { statusCode: response.statusCode, error: ok ? null : `HTTP ${response.statusCode}` };
          } catch (error) {
            return { statusCode: null, error: failureMessage(error) };
          } finally {
            agent.destroy().catch(() => undefined);
          }
        }),
    }),
  );
