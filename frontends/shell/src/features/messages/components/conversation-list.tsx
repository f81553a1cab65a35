/**
 * The left column of /messages (spec §2.10): "Messages", the "Search conversations" box and
 * one entry per conversation (username, Verified badge, Business / Sales Agent, last message,
 * unread count), most recent first. Typing searches every user by username (GET /api/users),
 * so a new conversation can start; "No conversations found" when nothing matches.
 */
import { Button, formatDate, Skeleton } from "@closr/ui";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { type Conversation, useConversations } from "../api/conversations.ts";
import { type PublicUser, useUserSearch } from "../api/users.ts";
import { UserBadges, UserInitial } from "./user-labels.tsx";

type Entry = { user: PublicUser; conversation: Conversation | undefined };

function lastMessageTime(sentAt: string) {
  const date = new Date(sentAt);
  const today = new Date();
  return date.toDateString() === today.toDateString()
    ? formatDate(date, "h:mm a")
    : formatDate(date, "d MMM");
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function ConversationList({ meId, selectedId }: { meId: number; selectedId: number | undefined }) {
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 250);
  const conversations = useConversations();
  const search = useUserSearch(q);

  const loaded = useMemo(
    () => conversations.data?.pages.flatMap((page) => page.items) ?? [],
    [conversations.data],
  );
  const entries: Entry[] = useMemo(() => {
    if (!q) return loaded.map((c) => ({ user: c.user, conversation: c }));
    const byUser = new Map(loaded.map((c) => [c.user.id, c]));
    return (search.data?.items ?? []).map((user) => ({ user, conversation: byUser.get(user.id) }));
  }, [q, loaded, search.data]);
  const loading = q ? search.isPending : conversations.isPending;
  const failed = q ? search.error : conversations.error;

  return (
    <aside className="messages-list" aria-labelledby="messages-title">
      <div className="messages-list-header">
        <h1 id="messages-title" className="messages-title">
          Messages
        </h1>
        <search>
          <input
            type="search"
            className="field-input messages-search"
            placeholder="Search conversations"
            aria-label="Search conversations"
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
        </search>
      </div>
      {loading ? (
        <div className="messages-list-body stack" aria-busy="true">
          <Skeleton height="3.5rem" />
          <Skeleton height="3.5rem" />
          <Skeleton height="3.5rem" />
        </div>
      ) : failed ? (
        <p className="messages-empty" role="alert">
          Could not load conversations: {failed.message}
        </p>
      ) : entries.length === 0 ? (
        <p className="messages-empty">No conversations found</p>
      ) : (
        <ul className="messages-list-body" aria-label={q ? "Users" : "Conversations"}>
          {entries.map(({ user, conversation }) => {
            const last = conversation?.lastMessage;
            const unread = conversation?.unreadCount ?? 0;
            const describedBy = `conversation-${user.id}-details`;
            return (
              <li key={user.id}>
                <Link
                  to={`/messages?with=${user.id}`}
                  className="conversation-entry"
                  aria-current={user.id === selectedId ? "page" : undefined}
                  aria-label={user.username}
                  aria-describedby={describedBy}
                >
                  <UserInitial username={user.username} />
                  <span className="conversation-entry-main" id={describedBy}>
                    <span className="conversation-entry-top">
                      <span className="conversation-entry-name">{user.username}</span>
                      {last ? <time dateTime={last.sentAt}>{lastMessageTime(last.sentAt)}</time> : null}
                    </span>
                    <UserBadges user={user} />
                    {last ? (
                      <span className="conversation-entry-preview">
                        {last.senderId === meId ? "You: " : ""}
                        {last.content}
                      </span>
                    ) : null}
                  </span>
                  {unread > 0 ? (
                    <span className="unread-count">
                      {unread > 99 ? "99+" : unread}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {!q && conversations.hasNextPage ? (
        <div className="messages-list-more">
          <Button
            variant="ghost"
            size="sm"
            isPending={conversations.isFetchingNextPage}
            onPress={() => conversations.fetchNextPage()}
          >
            Show more conversations
          </Button>
        </div>
      ) : null}
    </aside>
  );
}
