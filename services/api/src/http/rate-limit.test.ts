import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { budgetAddress, clientAddress, limitBy } from "./rate-limit.ts";

describe("budgetAddress (issue 48: IPv6 by /64, IPv4-mapped as IPv4)", () => {
  it("keeps IPv4 as itself and reads IPv4-mapped IPv6 as IPv4", () => {
    expect(budgetAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(budgetAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(budgetAddress("::FFFF:7f00:1")).toBe("127.0.0.1");
  });

  it("counts IPv6 by its /64, whatever the spelling", () => {
    expect(budgetAddress("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(budgetAddress("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(budgetAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(budgetAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(budgetAddress("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps text that is no address, cut short", () => {
    expect(budgetAddress("unknown")).toBe("unknown");
    expect(budgetAddress("x".repeat(300))).toHaveLength(64);
  });
});

describe("address budgets through a limiter", () => {
  const app = () => {
    const hono = new Hono();
    hono.use(
      "/try",
      limitBy({ limit: 2, windowMs: 60_000 }, (c) => `try:${budgetAddress(clientAddress(c, true))}`),
    );
    hono.post("/try", (c) => c.text("ok"));
    return hono;
  };
  const from = async (hono: Hono, address: string) =>
    (await hono.request("/try", { method: "POST", headers: { "x-forwarded-for": address } })).status;

  it("two addresses in one /64 share a budget; another /64 has its own", async () => {
    const hono = app();
    expect(await from(hono, "2001:db8:1:2::1")).toBe(200);
    expect(await from(hono, "2001:db8:1:2:aaaa::9")).toBe(200);
    expect(await from(hono, "2001:db8:1:2:ffff:1:2:3")).toBe(429);
    expect(await from(hono, "2001:db8:1:3::1")).toBe(200);
  });

  it("::ffff:127.0.0.1 and 127.0.0.1 share one budget", async () => {
    const hono = app();
    expect(await from(hono, "127.0.0.1")).toBe(200);
    expect(await from(hono, "::ffff:127.0.0.1")).toBe(200);
    expect(await from(hono, "127.0.0.1")).toBe(429);
  });
});
