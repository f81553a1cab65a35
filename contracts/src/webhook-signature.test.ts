/** verifyWebhookSignature (ADR 0023): the SDK's check of `Closr-Signature`, with a 5-minute tolerance. */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "./webhook-signature.ts";

const body = '{"id":"evt_1","type":"message.created"}';
const secret = "whsec_test";
const now = new Date("2026-11-25T09:30:00Z");
const t = Math.floor(now.getTime() / 1000);
const sign = (ts: number, b = body, s = secret) =>
  `t=${ts},v1=${createHmac("sha256", s).update(`${ts}.${b}`).digest("hex")}`;

describe("verifyWebhookSignature", () => {
  it("accepts the HMAC-SHA256 of '<t>.<body>' within the tolerance", async () => {
    expect(await verifyWebhookSignature({ body, header: sign(t), secret, now })).toBe(true);
    expect(await verifyWebhookSignature({ body, header: sign(t - 300), secret, now })).toBe(true);
    // Several v1 entries (a rolled secret): any may match.
    expect(
      await verifyWebhookSignature({
        body,
        header: `${sign(t, body, "old")},v1=${sign(t).split("v1=")[1]}`,
        secret,
        now,
      }),
    ).toBe(true);
  });

  it("refuses a stale or future timestamp, another secret, a changed body, a malformed header", async () => {
    expect(await verifyWebhookSignature({ body, header: sign(t - 301), secret, now })).toBe(false);
    expect(await verifyWebhookSignature({ body, header: sign(t + 301), secret, now })).toBe(false);
    expect(await verifyWebhookSignature({ body, header: sign(t), secret: "whsec_other", now })).toBe(false);
    expect(await verifyWebhookSignature({ body: `${body} `, header: sign(t), secret, now })).toBe(false);
    expect(await verifyWebhookSignature({ body, header: "v1=abc", secret, now })).toBe(false);
    expect(await verifyWebhookSignature({ body, header: undefined, secret, now })).toBe(false);
  });
});
