/** Webhook back-off (ADR 0023): exponential from 30 s, capped at 12 h, given up after 3 days. */
import { describe, expect, it } from "vitest";
import { defaultWebhookRetry, nextAttemptAt, normaliseEventTypes } from "./webhooks.ts";

describe("nextAttemptAt", () => {
  const created = new Date("2026-11-25T00:00:00Z");
  it("doubles from 30 s and caps at 12 h", () => {
    const delays = [1, 2, 3, 4, 10, 20].map(
      (n) => (nextAttemptAt(defaultWebhookRetry, n, created, created)!.getTime() - created.getTime()) / 1000,
    );
    expect(delays).toEqual([30, 60, 120, 240, 15_360, 43_200]);
  });

  it("gives up once the next attempt would be more than 3 days after the event", () => {
    const late = new Date(created.getTime() + (3 * 86_400 - 10) * 1000);
    expect(nextAttemptAt(defaultWebhookRetry, 1, created, late)).toBeNull();
    expect(
      nextAttemptAt(defaultWebhookRetry, 1, created, new Date(created.getTime() + 3_600_000)),
    ).not.toBeNull();
  });

  it("keeps known event types only, in catalogue order", () => {
    expect(
      normaliseEventTypes(["message.created", "nope", "partnership.requested", "message.created"]),
    ).toEqual(["partnership.requested", "message.created"]);
  });
});
