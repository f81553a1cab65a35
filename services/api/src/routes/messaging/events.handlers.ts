/**
 * GET /api/events: the caller's live events as Server-Sent Events (ADR 0007).
 * Order on connect: subscribe to the hub (events buffer), replay what a resuming client
 * missed (Last-Event-ID header, or ?lastEventId= for a new EventSource) or send `reset` when
 * that cannot be done, send `ready` carrying the newest event id, flush the buffer, then
 * deliver live. A comment every 25 s keeps proxies from closing an idle stream; the stream
 * ends after `maxStreamMs` so the browser reconnects (resuming) and the session is checked
 * again. Not compressed: Hono's compress skips text/event-stream.
 */
import { messagingRoutes } from "@closr/contracts";
import type { LiveEvent } from "@closr/core/messaging";
import { StreamPresence } from "@closr/core/push";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { type SSEStreamingApi, streamSSE } from "hono/streaming";
import { LiveEventHub } from "../../events/live-event-hub.ts";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import type { AppRuntime } from "../../runtime.ts";
import { messageJson, readReceiptJson } from "./messaging.handlers.ts";

export interface EventStreamOptions {
  /** Comment line interval (default 25 s). */
  readonly heartbeatMs?: number;
  /** A stream is closed after this long (default 10 min); EventSource reconnects and resumes. */
  readonly maxStreamMs?: number;
  /** Reconnection delay advised to the browser (default 2 s). */
  readonly retryMs?: number;
}

const frame = (event: LiveEvent) =>
  event.kind === "message"
    ? { event: "message", id: String(event.id), data: JSON.stringify(messageJson(event.message)) }
    : event.kind === "notification"
      ? {
          event: "notification",
          id: String(event.id),
          data: JSON.stringify({
            ...event.notification,
            createdAt: event.notification.createdAt.toISOString(),
          }),
        }
      : { event: "read", id: String(event.id), data: JSON.stringify(readReceiptJson(event.receipt)) };

const eventId = (value: string | undefined) =>
  value !== undefined && /^[0-9]{1,15}$/.test(value.trim()) ? Number(value.trim()) : undefined;

export function registerEventRoutes(
  app: OpenAPIHono<AppEnv>,
  runtime: AppRuntime,
  options: EventStreamOptions = {},
) {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxStreamMs = options.maxStreamMs ?? 10 * 60 * 1000;
  const retryMs = options.retryMs ?? 2000;

  app.openapi(signedIn(messagingRoutes.streamEvents), async (c) => {
    const user = c.get("user");
    const resumeFrom = eventId(c.req.header("last-event-id")) ?? eventId(c.req.valid("query").lastEventId);
    const hub = await runtime.runPromise(LiveEventHub);
    const presence = await runtime.runPromise(StreamPresence);

    return streamSSE(c, async (stream: SSEStreamingApi) => {
      // Writes go one after another, in order, whoever triggers them.
      let writing: Promise<unknown> = Promise.resolve();
      const write = (message: { event: string; id: string; data: string; retry?: number }) => {
        writing = writing.then(() =>
          stream.aborted || stream.closed ? undefined : stream.writeSSE(message),
        );
        return writing;
      };
      let live = false;
      const sent = new Set<number>();
      const buffered: LiveEvent[] = [];
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });

      // Recorded across processes, so a push goes out only while the user has no stream (issue 19).
      const recordClosed = await runtime.runPromise(presence.opened(user.id));
      let closedRecorded = false;
      const markClosed = () => {
        if (closedRecorded) return;
        closedRecorded = true;
        void runtime.runPromise(recordClosed).catch(() => undefined);
      };
      const unsubscribe = hub.subscribe(user.id, {
        deliver: (event) => {
          if (live) void write(frame(event));
          else buffered.push(event);
        },
        // Shutdown (issue 21): a last retry hint, then end; EventSource reconnects to another process.
        close: () => {
          writing = writing.then(() =>
            stream.aborted || stream.closed ? undefined : stream.write(`retry: ${retryMs}\n\n`),
          );
          finish();
        },
      });
      stream.onAbort(() => {
        unsubscribe();
        markClosed();
        finish();
      });

      let latestId: number;
      if (resumeFrom !== undefined) {
        const replay = await hub.replay(user.id, resumeFrom);
        latestId = replay.latestId;
        if (!replay.complete) {
          await write({
            event: "reset",
            id: String(latestId),
            data: JSON.stringify({ reason: "Missed events cannot be replayed; refetch." }),
          });
        } else {
          for (const event of replay.events) {
            sent.add(event.id);
            await write(frame(event));
          }
        }
      } else {
        latestId = await hub.latestId();
      }
      await write({
        event: "ready",
        id: String(latestId),
        data: JSON.stringify({ latestId: String(latestId) }),
        retry: retryMs,
      });
      for (const event of buffered) if (!sent.has(event.id)) void write(frame(event));
      buffered.length = 0;
      sent.clear();
      live = true;

      const heartbeat = setInterval(() => {
        writing = writing.then(() =>
          stream.aborted || stream.closed ? undefined : stream.write(": ping\n\n"),
        );
      }, heartbeatMs);
      const lifetime = setTimeout(finish, maxStreamMs);
      await finished;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unsubscribe();
      markClosed();
      await writing;
    });
  });
}
