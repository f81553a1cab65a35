/**
 * Notification schemas (issue 18, the bell's notification centre). Times are ISO 8601 UTC;
 * `link` is the app path of the notification's object.
 */
import { z } from "@hono/zod-openapi";

export const NotificationKind = z
  .enum([
    "connection_requested",
    "connection_accepted",
    "connection_rejected",
    "connection_withdrawn",
    "partnership_ended",
    "invoice_raised",
    "invoice_paid",
    "invoice_overdue",
    "message_unread",
    "verification_approved",
    "verification_rejected",
    "verification_changes_requested",
    "dispute_opened",
    "dispute_responded",
    "dispute_in_mediation",
    "dispute_proposal",
    "dispute_resolved",
    "agreement_proposed",
    "agreement_countered",
    "agreement_signed",
    "opportunity_invitation",
    "application_received",
    "application_updated",
    "invitation_answered",
    "collection_scheduled",
    "collection_failed",
    "mandate_changed",
    "deal_updated",
    "deal_expiring",
    "sale_updated",
    "sale_confirming",
  ])
  .openapi("NotificationKind");

export const Notification = z
  .object({
    id: z.number().int(),
    kind: NotificationKind,
    title: z.string(),
    link: z.string().openapi({ description: "App path of the object, e.g. /business/active-agents." }),
    read: z.boolean(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Notification");
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z
  .object({
    items: z.array(Notification).openapi({ description: "Newest first, at most 30." }),
    unread: z
      .number()
      .int()
      .openapi({ description: "The caller's unread notifications (the bell's count)." }),
  })
  .openapi("NotificationList");

export const NotificationIdParam = z.object({
  id: z.coerce
    .number({ error: "id must be a positive whole number" })
    .int({ error: "id must be a positive whole number" })
    .min(1, { error: "id must be a positive whole number" })
    .openapi({ param: { name: "id", in: "path" } }),
});
