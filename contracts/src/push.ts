/** Web push schemas (issue 19): the VAPID key and a browser's subscription. */
import { z } from "@hono/zod-openapi";

export const PushConfig = z
  .object({
    publicKey: z
      .string()
      .openapi({ description: "The VAPID public key (base64url) for pushManager.subscribe." }),
  })
  .openapi("PushConfig");

/** PushSubscription.toJSON() of the Push API (expirationTime is ignored). */
export const PushSubscriptionRequest = z
  .object({
    endpoint: z
      .string()
      .max(2000)
      .regex(/^https:\/\//, { error: "Endpoint must be an https URL" })
      .openapi({ example: "https://fcm.googleapis.com/fcm/send/abc" }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: z.string().min(1).max(200),
      auth: z.string().min(1).max(100),
    }),
  })
  .openapi("PushSubscriptionRequest");

export const PushUnsubscribeRequest = z
  .object({ endpoint: z.string().max(2000) })
  .openapi("PushUnsubscribeRequest");
