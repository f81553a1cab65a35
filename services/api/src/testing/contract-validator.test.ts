import { describe, expect, it } from "vitest";
import { contractViolations } from "./contract-validator.ts";

const json = (status: number, body: unknown, type = "application/json") =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

const validUser = {
  id: 1,
  email: "a@b.co",
  username: "abc",
  userType: "agent",
  verificationStatus: "unverified",
  role: "member",
  emailVerified: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  timeZone: "Australia/Sydney",
};

describe("contractViolations", () => {
  it("accepts a response that matches openapi.json", async () => {
    expect(await contractViolations("GET", "/api/user", json(200, validUser))).toEqual([]);
  });

  it("reports a missing field, a wrong enum value and a bad date-time", async () => {
    const { email: _omit, ...noEmail } = validUser;
    expect(await contractViolations("GET", "/api/user", json(200, noEmail))).toHaveLength(1);
    expect(
      await contractViolations("GET", "/api/user", json(200, { ...validUser, userType: "admin" })),
    ).toHaveLength(1);
    expect(
      await contractViolations("GET", "/api/user", json(200, { ...validUser, createdAt: "yesterday" })),
    ).toHaveLength(1);
  });

  it("reports an undeclared status, an undeclared content type and an unknown route", async () => {
    expect((await contractViolations("GET", "/api/user", json(418, {})))[0]).toContain("not declared");
    expect((await contractViolations("GET", "/api/user", json(200, validUser, "text/plain")))[0]).toContain(
      "content-type",
    );
    expect((await contractViolations("GET", "/api/unknown", json(200, {})))[0]).toContain(
      "not in the contract",
    );
  });
});

describe("contractViolations: response headers (issue 49)", () => {
  const withHeaders = (status: number, body: unknown, headers: Record<string, string>) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });

  it("reports a contract header an operation sends without declaring it", async () => {
    // GET /api/user is session or any key: RateLimit-* is declared; Location is not.
    const found = await contractViolations(
      "GET",
      "/api/user",
      withHeaders(200, validUser, { location: "/api/user" }),
    );
    expect(found).toEqual(["GET /api/user 200: header Location is sent but not declared"]);
  });

  it("accepts declared headers and checks their values", async () => {
    const ok = withHeaders(200, validUser, { "ratelimit-limit": "120", "ratelimit-remaining": "119" });
    expect(await contractViolations("GET", "/api/user", ok)).toEqual([]);
    const bad = withHeaders(200, validUser, { "ratelimit-limit": "lots" });
    expect((await contractViolations("GET", "/api/user", bad))[0]).toContain("RateLimit-Limit");
  });

  it("reports RateLimit-* on a session-only operation's success (a key only gets its 403 or 429)", async () => {
    const found = await contractViolations(
      "GET",
      "/api/api-keys",
      withHeaders(200, { access: true, items: [] }, { "ratelimit-limit": "10" }),
    );
    expect(found[0]).toContain("header RateLimit-Limit is sent but not declared");
  });
});
