/**
 * WebhookSender over fetch (ADR 0023): POSTs the stored body as application/json with
 * `Closr-Signature` (signature.ts), `Closr-Event-Id` and a User-Agent; 10 s timeout; redirects
 * are not followed (a 3xx is a failed attempt); the URL policy is checked again before each
 * attempt (a host that now resolves to a private address is refused in production).
 */
import { WebhookSender } from "@closr/core/integrations";
import { Effect, Layer } from "effect";
import { signWebhookBody } from "./signature.ts";
import { refusedWebhookUrl } from "./url-policy.ts";

/** Seconds a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const WebhookSenderFetch = (options: { readonly allowPrivate: boolean }) =>
  Layer.succeed(
    WebhookSender,
    WebhookSender.of({
      send: (delivery, now) =>
        Effect.promise(async () => {
          const refused = await refusedWebhookUrl(delivery.url, options.allowPrivate);
          if (refused) return { statusCode: null, error: refused };
          try {
            const response = await fetch(delivery.url, {
              method: "POST",
              redirect: "manual",
              signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
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
            await response.body?.cancel().catch(() => undefined);
            const ok = response.status >= 200 && response.status < 300;
            return { statusCode: response.status, error: ok ? null : `HTTP ${response.status}` };
          } catch (error) {
            const message =
              error instanceof Error
                ? error.cause instanceof Error
                  ? error.cause.message
                  : error.message
                : String(error);
            return { statusCode: null, error: message.slice(0, 500) };
          }
        }),
    }),
  );
