/** Webhook back-off (ADR 0023, ADR 0035): the queue's retry time, given up after 3 days. */
import { describe, expect, it } from "vitest";
import { defaultWebhookRetry, nextAttemptAt, normaliseEventTypes } from "./webhooks.ts";

describe("nextAttemptAt", () => {
  const created = new Date("2026-11-25T00:00:00Z");
  it("is due when the queue runs the job again, and never when the job has no retry left", () => {
    const delays = [15, 30, 60, 3_600].map(
      (s) => (nextAttemptAt(defaultWebhookRetry, s, created, created)!.getTime() - created.getTime()) / 1000,
    );
    expect(delays).toEqual([15, 30, 60, 3_600]);
    expect(nextAttemptAt(defaultWebhookRetry, null, created, created)).toBeNull();
  });

  it("gives up once the next attempt would be more than 3 days after the event", () => {
    const late = new Date(created.getTime() + (3 * 86_400 - 10) * 1000);
    expect(nextAttemptAt(defaultWebhookRetry, 30, created, late)).toBeNull();
    expect(
      nextAttemptAt(defaultWebhookRetry, 30, created, new Date(created.getTime() + 3_600_000)),
    ).not.toBeNull();
  });

  it("keeps known event types only, in catalogue order", () => {
    expect(
      normaliseEventTypes(["message.created", "nope", "partnership.requested", "message.created"]),
    ).toEqual(["partnership.requested", "message.created"]);
  });
});
