/**
 * Notification model (issue 18, notification centre): what a user is told, with the link to its
 * object. Titles are written when the notice is created, in the words of the event.
 */
import type { NotificationId, UserId, UserOrProfileOwner } from "../shared/ids.ts";

export const notificationKinds = [
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
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** One stored notification of one user. */
export interface Notification {
  readonly id: NotificationId;
  readonly userId: UserId;
  readonly kind: NotificationKind;
  readonly title: string;
  /** The app path of the object (e.g. /business/active-agents). */
  readonly link: string;
  readonly subjectId: number | null;
  readonly readAt: Date | null;
  readonly createdAt: Date;
}

/** Who receives a notice: a user, or the owner of a profile. */
export type NoticeRecipient = UserOrProfileOwner;

/** A notice to record (and deliver live). */
export interface Notice {
  readonly to: NoticeRecipient;
  readonly kind: NotificationKind;
  readonly title: string;
  readonly link: string;
  readonly subjectId?: number | undefined;
}

/** The bell's list: newest first, with the real unread count. */
export interface NotificationList {
  readonly items: readonly Notification[];
  readonly unread: number;
}

/** Minutes a message may stay unread before its receiver is notified (issue 18: "a few minutes"). */
export const UNREAD_MESSAGE_MINUTES = 5;
