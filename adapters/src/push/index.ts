/**
 * PushSender over the Web Push protocol (`web-push`: VAPID-signed, aes128gcm-encrypted), and
 * VAPID key handling: keys come from config (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT);
 * `vapidKeysOrGenerate` makes a fresh pair when they are unset (development: browsers then need
 * to subscribe again after each restart; production must set them).
 */
import { PushDeliveryFailed, PushEndpointGone, PushSender } from "@closr/core/push";
import { Effect, Layer } from "effect";
import webpush from "web-push";

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
  /** mailto: or https: contact the push services may use (RFC 8292). */
  readonly subject: string;
}

/** The configured keys, or a generated pair (with `generated: true`) when either is missing. */
export function vapidKeysOrGenerate(config: {
  publicKey?: string | undefined;
  privateKey?: string | undefined;
  subject?: string | undefined;
}): VapidKeys & { readonly generated: boolean } {
  const subject = config.subject ?? "mailto:support@closr.com.au";
  if (config.publicKey && config.privateKey)
    return { publicKey: config.publicKey, privateKey: config.privateKey, subject, generated: false };
  const keys = webpush.generateVAPIDKeys();
  return { ...keys, subject, generated: true };
}

/** Time to live at the push service for an undelivered notification: one day, in seconds. */
const TTL_SECONDS = 24 * 60 * 60;

export const PushSenderWebPush = (keys: VapidKeys) =>
  Layer.succeed(
    PushSender,
    PushSender.of({
      publicKey: keys.publicKey,
      send: (subscription, notification) =>
        Effect.tryPromise({
          try: () =>
            webpush.sendNotification(
              { endpoint: subscription.endpoint, keys: { ...subscription.keys } },
              JSON.stringify(notification),
              {
                TTL: TTL_SECONDS,
                urgency: "normal",
                topic: notification.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
                vapidDetails: keys,
              },
            ),
          catch: (error) => {
            const status = (error as { statusCode?: number }).statusCode;
            return status === 404 || status === 410
              ? new PushEndpointGone({ endpoint: subscription.endpoint })
              : new PushDeliveryFailed({
                  endpoint: subscription.endpoint,
                  reason: status ? `HTTP ${status}` : String((error as Error).message ?? error),
                });
          },
        }).pipe(Effect.asVoid),
    }),
  );
