/**
 * /messages (spec §2.10): the conversation list on the left and the open conversation (or the
 * "Your Messages" placeholder) on the right. The open conversation lives in the URL,
 * /messages?with={userId}, so partnership cards can deep-link to it. At 768px or less the
 * list and the conversation are two screens; Back returns to the list.
 */
import { useCurrentUser } from "@closr/client";
import { useNavigate, useSearchParams } from "react-router";
import { ConversationList } from "./conversation-list.tsx";
import { ConversationPane } from "./conversation-pane.tsx";
import "./messages.css";

const userIdFrom = (value: string | null) => {
  if (!value || !/^[0-9]{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
};

export function MessagesPage() {
  const { data: user } = useCurrentUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const withId = userIdFrom(params.get("with"));
  if (!user) return null;
  const counterpartId = withId === user.id ? undefined : withId;

  return (
    <div className="messages-page container" data-view={counterpartId ? "conversation" : "list"}>
      <ConversationList meId={user.id} selectedId={counterpartId} />
      <section className="messages-pane" aria-label="Conversation">
        {counterpartId ? (
          <ConversationPane
            key={counterpartId}
            meId={user.id}
            counterpartId={counterpartId}
            onBack={() => navigate("/messages")}
          />
        ) : (
          <div className="messages-placeholder">
            <svg
              width="40"
              height="40"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              aria-hidden="true"
            >
              <path d="M4 5h16v11H8l-4 4z" strokeLinejoin="round" />
            </svg>
            <h2>Your Messages</h2>
            <p>Select a conversation from the list to view and send messages.</p>
          </div>
        )}
      </section>
    </div>
  );
}
