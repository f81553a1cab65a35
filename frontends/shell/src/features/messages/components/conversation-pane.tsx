/**
 * The right pane with a conversation open (spec §2.10, §4, §5, §8): a header with the user,
 * the bubbles oldest first (earlier pages on demand), "No messages yet" when empty, and the
 * send box ("Type a message...", Send). Sending is blocked for blank text, with no recipient
 * or while a send is pending; success appends the message and clears the box; failure shows
 * the "Failed to send message" toast with the server's message. Messages received here are
 * marked read while the tab is visible, so the sender sees the read mark.
 */

import { describeFailure } from "@closr/client";
import { Button, toast } from "@closr/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useMarkRead } from "../api/conversations.ts";
import { markCachedRead, messagesOf, useConversation, useSendMessage } from "../api/messages.ts";
import { usePublicUser } from "../api/users.ts";
import { MessageBubble } from "./message-bubble.tsx";
import { UserBadges, UserInitial } from "./user-labels.tsx";

const MAX_LENGTH = 5000;

function useVisible() {
  const [visible, setVisible] = useState(
    () => typeof document === "undefined" || document.visibilityState === "visible",
  );
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

export function ConversationPane({
  meId,
  counterpartId,
  onBack,
}: {
  meId: number;
  counterpartId: number;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const user = usePublicUser(counterpartId);
  const conversation = useConversation(counterpartId);
  const send = useSendMessage(counterpartId);
  const markRead = useMarkRead(counterpartId);
  const visible = useVisible();
  const [text, setText] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  const requestedUpTo = useRef(0);
  const messages = messagesOf(conversation.data);
  const newestId = messages.at(-1)?.id ?? 0;

  // Reading: everything received here and not yet read, while the tab is visible.
  const unreadUpTo = messages.reduce(
    (max, m) => (m.senderId === counterpartId && !m.read && m.id > max ? m.id : max),
    0,
  );
  useEffect(() => {
    if (!visible || unreadUpTo === 0 || unreadUpTo <= requestedUpTo.current) return;
    requestedUpTo.current = unreadUpTo;
    markRead.mutate(unreadUpTo, {
      onSuccess: () => markCachedRead(queryClient, counterpartId, counterpartId, unreadUpTo),
      onError: () => {
        requestedUpTo.current = 0;
      },
    });
  }, [visible, unreadUpTo, counterpartId, markRead, queryClient]);

  // Keep the newest message in view unless the reader has scrolled up to older ones.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  const blank = text.trim().length === 0;
  const canSend = !blank && !send.isPending && Boolean(user.data);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    stickToBottom.current = true;
    send.mutate(text, {
      onSuccess: () => setText(""),
      onError: (error) =>
        toast({
          title: "Failed to send message",
          description: describeFailure(error).message,
          variant: "destructive",
        }),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  if (user.isError || conversation.isError) {
    const failure = user.error ?? conversation.error;
    return (
      <div className="messages-placeholder" role="alert">
        <h2>Conversation unavailable</h2>
        <p>{describeFailure(failure).message}</p>
        <Button variant="outline" onPress={onBack}>
          Back to conversations
        </Button>
      </div>
    );
  }

  return (
    <div className="conversation">
      <header className="conversation-header">
        <Button
          variant="ghost"
          size="sm"
          className="conversation-back"
          onPress={onBack}
          aria-label="Back to conversations"
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Back
        </Button>
        {user.data ? (
          <>
            <UserInitial username={user.data.username} />
            <div className="conversation-header-text">
              <h2 className="conversation-title">{user.data.username}</h2>
              <UserBadges user={user.data} />
            </div>
          </>
        ) : (
          <h2 className="conversation-title">Loading…</h2>
        )}
      </header>

      <ol
        ref={listRef}
        className="conversation-messages"
        aria-label={user.data ? `Messages with ${user.data.username}` : "Messages"}
        aria-live="polite"
        onScroll={(event) => {
          const list = event.currentTarget;
          stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
        }}
      >
        {conversation.hasNextPage ? (
          <li className="conversation-more">
            <Button
              variant="ghost"
              size="sm"
              isPending={conversation.isFetchingNextPage}
              onPress={() => {
                stickToBottom.current = false;
                conversation.fetchNextPage();
              }}
            >
              Load earlier messages
            </Button>
          </li>
        ) : null}
        {conversation.isPending ? (
          <li className="messages-empty">Loading messages…</li>
        ) : messages.length === 0 ? (
          <li className="messages-empty">No messages yet</li>
        ) : (
          messages.map((message) => (
            <MessageBubble key={message.id} message={message} own={message.senderId === meId} />
          ))
        )}
      </ol>

      <form className="send-box" onSubmit={submit} aria-label="Send a message">
        <textarea
          className="field-input send-input"
          aria-label="Message"
          placeholder="Type a message..."
          rows={1}
          maxLength={MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" isDisabled={!canSend} isPending={send.isPending}>
          Send
        </Button>
      </form>
    </div>
  );
}
