/** The webhook URL policy (ADR 0023, SSRF): schemes, credentials, and private addresses in production. */
import { describe, expect, it } from "vitest";
import { isPublicAddress, refusedWebhookUrl } from "./url-policy.ts";

describe("webhook URL policy", () => {
  it("refuses other schemes and credentials everywhere", async () => {
    expect(await refusedWebhookUrl("ftp://example.com/x", true)).toMatch(/https/);
    expect(await refusedWebhookUrl("file:///etc/passwd", true)).toMatch(/https/);
    expect(await refusedWebhookUrl("https://user:pw@example.com/", true)).toMatch(/password/);
    expect(await refusedWebhookUrl("not a url", true)).toBe("Enter a full URL starting with https://");
    expect(await refusedWebhookUrl("http://127.0.0.1:9999/hook", true)).toBeUndefined();
  });

  it("refuses loopback, private, link-local and unique-local addresses in production", async () => {
    for (const url of [
      "http://127.0.0.1/",
      "http://localhost:3000/",
      "http://app.localhost/",
      "http://10.1.2.3/",
      "http://192.168.0.10/",
      "http://172.16.5.4/",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/",
      "http://[fd00::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
    ])
      expect(await refusedWebhookUrl(url, false), url).toBe("The URL must be on the public internet");
    expect(await refusedWebhookUrl("https://93.184.215.14/hook", false)).toBeUndefined();
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("100.64.0.1")).toBe(false);
  });
});
