/**
 * readSse (ADR 0057) over eventsource-parser: frames split across chunks and line ends of every
 * kind, comments skipped, the event type defaulting to "message", ids persisting across frames,
 * `retry:` attached to the next frame, waiting for a frame, and the end of the stream.
 */
import { describe, expect, it } from "vitest";
import { readSse } from "./sse-reader.ts";

/** A body that sends `chunks` one by one, then ends. */
const body = (chunks: string[]) => {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(encoder.encode(chunk));
        await new Promise((r) => setTimeout(r, 1));
      }
      controller.close();
    },
  });
};

describe("readSse", () => {
  it("parses the stream's frames as they arrive", async () => {
    const reader = readSse(
      body([
        ": ping\n\n",
        "retry: 2000\nevent: ready\nid: 7\nda",
        "ta: {}\n\n",
        "event: x\rdata: 1\r\r",
        "data: a\r\ndata: b\r\n\r\n",
      ]),
    );
    const ready = await reader.next((f) => f.event === "ready");
    expect(ready).toMatchObject({ event: "ready", id: "7", data: "{}", retry: 2000 });
    await reader.ended;
    expect(reader.frames.map(({ receivedAt: _, ...f }) => f)).toEqual([
      { event: "ready", id: "7", data: "{}", retry: 2000 },
      { event: "x", id: "7", data: "1", retry: undefined },
      { event: "message", id: "7", data: "a\nb", retry: undefined },
    ]);
  });

  it("rejects a wait that no frame answers", async () => {
    const reader = readSse(body(["data: only\n\n"]));
    await expect(reader.next((f) => f.event === "never", 50)).rejects.toThrow(/no matching SSE frame/);
    await reader.close();
  });
});
