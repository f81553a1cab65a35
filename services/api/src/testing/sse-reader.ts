/**
 * A Server-Sent Events reader for tests and benchmarks (ADR 0057): reads a text/event-stream
 * body, parses it with the `eventsource-parser` package (the WHATWG HTML "event stream
 * interpretation" rules: fields, comments, CR/LF/CRLF line ends, a leading BOM), and keeps the
 * frames so a caller can wait for one that matches. A frame carries the last event id seen on
 * the stream (ids persist across events, as an EventSource's `lastEventId` does) and the
 * `retry:` value (ms) sent since the previous frame. Events without data are not dispatched
 * (as in a browser).
 */
import { createParser } from "eventsource-parser";

/** One dispatched event of the stream. */
export interface SseFrame {
  /** The event type; "message" when the stream named none. */
  readonly event: string;
  /** The last event id seen on the stream up to this frame, if any. */
  readonly id: string | undefined;
  /** The data lines, joined with "\n". */
  readonly data: string;
  /** The reconnection time (ms) sent since the previous frame, if any. */
  readonly retry: number | undefined;
  /** performance.now() when the frame was complete. */
  readonly receivedAt: number;
}

/** The frames of one stream, read as they arrive. */
export interface SseReader {
  /** Every frame so far, in order. */
  readonly frames: SseFrame[];
  /** Resolves with the first frame (already seen or future) that matches, or rejects after `timeoutMs`. */
  readonly next: (match: (frame: SseFrame) => boolean, timeoutMs?: number) => Promise<SseFrame>;
  /** Called for each frame as it completes. */
  onFrame: ((frame: SseFrame) => void) | undefined;
  /** Resolves when the stream ends (or the read fails or is cancelled); never rejects. */
  readonly ended: Promise<void>;
  /** Stops reading (cancels the body). */
  readonly close: () => Promise<void>;
}

/** Starts reading frames from a response body (see the module doc). */
export function readSse(body: ReadableStream<Uint8Array>): SseReader {
  const frames: SseFrame[] = [];
  const waiters: { match: (f: SseFrame) => boolean; resolve: (f: SseFrame) => void }[] = [];
  const reader = body.getReader();
  let lastId: string | undefined;
  let retry: number | undefined;

  const self: SseReader = {
    frames,
    onFrame: undefined,
    next: (match, timeoutMs = 5000) => {
      const seen = frames.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (f: SseFrame) => {
            clearTimeout(timer);
            resolve(f);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching SSE frame within ${timeoutMs} ms; saw ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    ended: Promise.resolve(),
    close: async () => {
      await reader.cancel().catch(() => {});
    },
  };

  const parser = createParser({
    onRetry: (ms) => {
      retry = ms;
    },
    onEvent: (message) => {
      if (message.id !== undefined) lastId = message.id;
      const frame: SseFrame = {
        event: message.event || "message",
        id: lastId,
        data: message.data,
        retry,
        receivedAt: performance.now(),
      };
      retry = undefined;
      frames.push(frame);
      self.onFrame?.(frame);
      for (let i = waiters.length - 1; i >= 0; i--) {
        const waiter = waiters[i]!;
        if (waiter.match(frame)) {
          waiters.splice(i, 1);
          waiter.resolve(frame);
        }
      }
    },
  });

  (self as { ended: Promise<void> }).ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // cancelled or connection closed
    }
  })();
  return self;
}
