/**
 * One message (spec §2.10): own messages on the right, at most 70% of the width, with the
 * time as "h:mm a" and a read mark (one tick sent, two ticks read). Content is rendered as
 * text by React, so HTML or script in a message is shown, never run.
 */
import { formatTime } from "@closr/ui";
import type { Message } from "../api/messages.ts";

function ReadMark({ read }: { read: boolean }) {
  return (
    <span className="read-mark" data-read={read || undefined} role="img" aria-label={read ? "Read" : "Sent"}>
      <svg
        width="16"
        height="12"
        viewBox="0 0 16 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d="M1 6.5l3 3 6.5-7" strokeLinecap="round" strokeLinejoin="round" />
        {read ? <path d="M6.5 9.5l6.5-7" strokeLinecap="round" strokeLinejoin="round" /> : null}
      </svg>
    </span>
  );
}

export function MessageBubble({ message, own }: { message: Message; own: boolean }) {
  return (
    <li className="bubble-row" data-own={own || undefined}>
      <div className="bubble" data-own={own || undefined}>
        <p className="bubble-text">{message.content}</p>
        <span className="bubble-meta">
          <time dateTime={message.sentAt}>{formatTime(message.sentAt)}</time>
          {own ? <ReadMark read={message.read} /> : null}
        </span>
      </div>
    </li>
  );
}
