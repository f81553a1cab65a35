/**
 * Web push (issue 19): a browser's subscription and the notifications the product sends —
 * a new message (opens the conversation) and a partnership request (opens the partnerships
 * list). Pure values; the transport (VAPID, encryption) is the PushSender adapter's.
 */
import type { UserId } from "../shared/ids.ts";

/** A browser's push endpoint and its keys (the PushSubscription JSON of the Push API). */
export interface PushSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** What the service worker shows: title, body, the app path to open on click, a tag that replaces older ones. */
export interface PushNotification {
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly tag: string;
}

/** Longest message preview in a notification, in characters. */
export const PUSH_PREVIEW_CHARS = 120;

const preview = (text: string) =>
  text.length > PUSH_PREVIEW_CHARS ? `${text.slice(0, PUSH_PREVIEW_CHARS - 1)}…` : text;

/** A new message from `senderName`; opens the conversation with the sender (/messages?with=id). */
export function newMessageNotification(
  senderId: UserId,
  senderName: string,
  content: string,
): PushNotification {
  return {
    title: `New message from ${senderName}`,
    body: preview(content),
    url: `/messages?with=${senderId}`,
    tag: `conversation-${senderId}`,
  };
}

/** A connection request from `fromName` to the user's `side` ("business" | "agent"); opens their partner list. */
export function partnershipRequestNotification(
  fromName: string,
  side: "business" | "agent",
  partnershipId: number,
): PushNotification {
  return {
    title: "New partnership request",
    body: `${fromName} wants to partner with you.`,
    url: side === "business" ? "/business/active-agents" : "/agent/current-partners",
    tag: `partnership-${partnershipId}`,
  };
}

/** What a notify call did: how many endpoints got it, and how many were gone and removed. */
export interface PushOutcome {
  readonly skipped: "online" | "no-subscription" | null;
  readonly sent: number;
  readonly removed: number;
  readonly failed: number;
}
