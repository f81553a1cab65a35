/**
 * A small Server-Sent Events reader for tests and benchmarks: parses a text/event-stream body
 * into frames (event, id, data, retry; comment lines skipped) per the WHATWG HTML
 * "event stream interpretation" rules, and lets a caller wait for a frame that matches.
 */
export interface SseFrame {
  readonly event: string;
  readonly id: string | undefined;
  readonly data: string;
  readonly retry: number | undefined;
  /** performance.now() when the frame was complete. */
  readonly receivedAt: number;
}

export interface SseReader {
  /** Every frame so far, in order. */
  readonly frames: SseFrame[];
  /** Resolves with the first frame (already seen or future) that matches, or rejects after `timeoutMs`. */
  readonly next: (match: (frame: SseFrame) => boolean, timeoutMs?: number) => Promise<SseFrame>;
  /** Called for each frame as it completes. */
  onFrame: ((frame: SseFrame) => void) | undefined;
  /** Resolves when the stream ends. */
  readonly ended: Promise<void>;
  /** Stops reading (cancels the body). */
  readonly close: () => Promise<void>;
}

/** Reads frames from a response body. */
export function readSse(body: ReadableStream<Uint8Array>): SseReader {
  const frames: SseFrame[] = [];
  const waiters: { match: (f: SseFrame) => boolean; resolve: (f: SseFrame) => void }[] = [];
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let id: string | undefined;
  let data: string[] = [];
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

  const dispatch = () => {
    if (data.length === 0 && event === "") return;
    const frame: SseFrame = {
      event: event || "message",
      id,
      data: data.join("\n"),
      retry,
      receivedAt: performance.now(),
    };
    event = "";
    data = [];
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
  };

  const line = (text: string) => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
    else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
  };

  (self as { ended: Promise<void> }).ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let newline = buffer.search(/\r\n|\r|\n/);
        while (newline !== -1) {
          const width = buffer.startsWith("\r\n", newline) ? 2 : 1;
          line(buffer.slice(0, newline));
          buffer = buffer.slice(newline + width);
          newline = buffer.search(/\r\n|\r|\n/);
        }
      }
    } catch {
      // cancelled or connection closed
    }
  })();
  return self;
}
