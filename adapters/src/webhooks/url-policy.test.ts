/**
 * The webhook URL policy (ADR 0023, SSRF): schemes, credentials, https and private addresses in
 * production, one resolution per check (issue 48).
 */
import { describe, expect, it } from "vitest";
import {
  checkWebhookTarget,
  httpsRequiredMessage,
  isPublicAddress,
  notPublicMessage,
  pinnedLookup,
  refusedWebhookUrl,
} from "./url-policy.ts";

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
      "https://127.0.0.1/",
      "https://localhost:3000/",
      "https://app.localhost/",
      "https://10.1.2.3/",
      "https://192.168.0.10/",
      "https://172.16.5.4/",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/",
      "https://[fd00::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://0.0.0.0/",
    ])
      expect(await refusedWebhookUrl(url, false), url).toBe(notPublicMessage);
    expect(await refusedWebhookUrl("https://93.184.215.14/hook", false)).toBeUndefined();
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("100.64.0.1")).toBe(false);
  });

  it("requires https in production, and allows plain http outside it", async () => {
    for (const url of ["http://93.184.215.14/hook", "http://crm.example.com/hook", "http://127.0.0.1/"])
      expect(await refusedWebhookUrl(url, false), url).toBe("The URL must start with https://");
    expect(httpsRequiredMessage).toBe("The URL must start with https://");
    expect(await refusedWebhookUrl("http://crm.example.com/hook", true)).toBeUndefined();
  });

  it("resolves once and refuses a name when any one of its addresses is not public", async () => {
    const answers = (...addresses: string[]) => {
      const calls: string[] = [];
      return {
        calls,
        resolve: async (host: string) => {
          calls.push(host);
          return addresses.map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));
        },
      };
    };
    const mixed = answers("93.184.215.14", "127.0.0.1");
    expect(await refusedWebhookUrl("https://rebind.example/hook", false, mixed.resolve)).toBe(
      notPublicMessage,
    );
    expect(mixed.calls).toEqual(["rebind.example"]);
    expect(
      await refusedWebhookUrl(
        "https://rebind.example/hook",
        false,
        answers("127.0.0.1", "93.184.215.14").resolve,
      ),
    ).toBe(notPublicMessage);
    expect(await refusedWebhookUrl("https://none.example/hook", false, answers().resolve)).toBe(
      "The URL's host name could not be resolved",
    );
    const failing = async () => {
      throw new Error("ENOTFOUND");
    };
    expect(await refusedWebhookUrl("https://none.example/hook", false, failing)).toBe(
      "The URL's host name could not be resolved",
    );
    const good = answers("93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c");
    expect(
      await checkWebhookTarget("https://crm.example.com/hook", {
        allowPrivate: false,
        resolve: good.resolve,
      }),
    ).toEqual({
      target: {
        url: new URL("https://crm.example.com/hook"),
        address: { address: "93.184.215.14", family: 4 },
      },
    });
    // An IP literal is its own answer: nothing is resolved.
    const literal = answers("127.0.0.1");
    expect(
      await checkWebhookTarget("https://93.184.215.14/hook", {
        allowPrivate: false,
        resolve: literal.resolve,
      }),
    ).toMatchObject({ target: { address: { address: "93.184.215.14", family: 4 } } });
    expect(literal.calls).toEqual([]);
  });

  it("pins every connect-time lookup to the checked address, in both shapes Node asks for", () => {
    const lookup = pinnedLookup({ address: "93.184.215.14", family: 4 });
    const got: unknown[][] = [];
    lookup("rebind.example", { all: true }, (...args: unknown[]) => got.push(args));
    lookup("rebind.example", {}, (...args: unknown[]) => got.push(args));
    expect(got).toEqual([
      [null, [{ address: "93.184.215.14", family: 4 }]],
      [null, "93.184.215.14", 4],
    ]);
  });
});
