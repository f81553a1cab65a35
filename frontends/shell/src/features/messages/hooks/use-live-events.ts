/**
 * One EventSource per tab on GET /api/events while signed in (ADR 0007): new messages are
 * appended to their cached conversation, read receipts set read marks, and the conversation
 * list and unread count are refetched when they change. No polling: the browser reconnects
 * by itself and resumes with Last-Event-ID; if the stream closes for good, a new one resumes
 * from the last id seen (?lastEventId=) after a growing delay.
 */

import { partnershipsKey, useCurrentUser } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { notificationsKey } from "../../notifications/api/notifications.ts";
import { appendMessage, type Message, markCachedRead } from "../api/messages.ts";
import { messagingKeys } from "../api/messaging-keys.ts";

type ReadReceipt = components["schemas"]["ReadReceipt"];

export function useLiveEvents() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let lastEventId: string | undefined;
    let retryMs = 2000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const refreshLists = () => {
      queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
    };

    const onMessage = (event: MessageEvent<string>) => {
      lastEventId = event.lastEventId || lastEventId;
      const message = JSON.parse(event.data) as Message;
      const counterpartId = message.senderId === userId ? message.receiverId : message.senderId;
      appendMessage(queryClient, counterpartId, message);
      refreshLists();
    };
    const onRead = (event: MessageEvent<string>) => {
      lastEventId = event.lastEventId || lastEventId;
      const receipt = JSON.parse(event.data) as ReadReceipt;
      const counterpartId = receipt.senderId === userId ? receipt.readerId : receipt.senderId;
      markCachedRead(queryClient, counterpartId, receipt.senderId, receipt.upToId);
      if (receipt.readerId === userId) refreshLists();
    };
    const onReady = (event: MessageEvent<string>) => {
      lastEventId = event.lastEventId || lastEventId;
      retryMs = 2000;
    };
    const onReset = (event: MessageEvent<string>) => {
      lastEventId = event.lastEventId || lastEventId;
      queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      queryClient.invalidateQueries({ queryKey: notificationsKey });
    };
    // A new notification (issue 18): the bell's list and count are refetched, and so are the
    // lists it is about (partnerships, invoices, payments, figures), so its link opens fresh data.
    const onNotification = (event: MessageEvent<string>) => {
      lastEventId = event.lastEventId || lastEventId;
      for (const queryKey of [notificationsKey, partnershipsKey, ["invoices"], ["payments"], ["insights"]])
        queryClient.invalidateQueries({ queryKey });
    };

    const open = () => {
      const url = lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : "/api/events";
      source = new EventSource(url);
      source.addEventListener("message", onMessage);
      source.addEventListener("read", onRead);
      source.addEventListener("ready", onReady);
      source.addEventListener("reset", onReset);
      source.addEventListener("notification", onNotification);
      source.onerror = () => {
        // CONNECTING: the browser retries itself. CLOSED: it gave up (e.g. an HTTP error).
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        source.close();
        timer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, 60_000);
      };
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [userId, queryClient]);
}
