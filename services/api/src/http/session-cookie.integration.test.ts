/**
 * The session cookie's Secure flag (issue 48): behind the trusted proxy (TRUST_PROXY=1) it follows
 * X-Forwarded-Proto, whatever URL the proxy called the API with; without a trusted proxy the header
 * is ignored and the request URL decides (Secure except plain-HTTP localhost).
 */
import { describe, expect, it } from "vitest";
import { useTestApp } from "../testing/use-test-app.ts";

const proxied = useTestApp({ trustProxy: true });
const direct = useTestApp({ trustProxy: false });

let counter = 0;
/** Registers a new user at `url` (which signs them in) and answers the Set-Cookie lines. */
async function signUp(app: typeof proxied, url: string, headers: Record<string, string> = {}) {
  counter++;
  const res = await app.app.request(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({
      email: `cookie${counter}@example.com.au`,
      username: `cookie${counter}`,
      password: "a long enough password",
      userType: "business",
    }),
  });
  expect(res.status).toBe(201);
  return res.headers.getSetCookie().find((line) => line.startsWith("closr_session=")) ?? "";
}

const isSecure = (cookie: string) => /;\s*Secure(;|$)/i.test(cookie);

describe("session cookie behind the trusted proxy (TRUST_PROXY=1)", () => {
  it("is Secure when the proxy says https, though it called the API as http://localhost", async () => {
    const cookie = await signUp(proxied, "http://localhost/api/register", { "x-forwarded-proto": "https" });
    expect(cookie).toMatch(/^closr_session=/);
    expect(isSecure(cookie)).toBe(true);
  });

  it("is not Secure when the proxy says http, whatever the Host", async () => {
    const cookie = await signUp(proxied, "http://closr.example/api/register", {
      "x-forwarded-proto": "http",
    });
    expect(isSecure(cookie)).toBe(false);
  });

  it("reads the first value of a list, and falls back to the URL without the header", async () => {
    expect(
      isSecure(
        await signUp(proxied, "http://localhost/api/register", { "x-forwarded-proto": "https, http" }),
      ),
    ).toBe(true);
    expect(isSecure(await signUp(proxied, "http://localhost/api/register"))).toBe(false);
    expect(isSecure(await signUp(proxied, "https://closr.example/api/register"))).toBe(true);
    expect(
      isSecure(
        await signUp(proxied, "https://closr.example/api/register", { "x-forwarded-proto": "gopher" }),
      ),
    ).toBe(true);
  });

  it("clears the cookie with the same Secure flag on logout", async () => {
    const cookie = await signUp(proxied, "http://localhost/api/register", { "x-forwarded-proto": "https" });
    const token = cookie.split(";")[0] ?? "";
    const res = await proxied.app.request("http://localhost/api/logout", {
      method: "POST",
      headers: { cookie: token, "x-forwarded-proto": "https" },
    });
    expect(res.status).toBeLessThan(300);
    const cleared = res.headers.getSetCookie().find((line) => line.startsWith("closr_session=")) ?? "";
    expect(cleared).toMatch(/max-age=0/i);
    expect(isSecure(cleared)).toBe(true);
  });
});

describe("session cookie without a trusted proxy", () => {
  it("ignores X-Forwarded-Proto: the request URL decides", async () => {
    expect(
      isSecure(await signUp(direct, "http://localhost/api/register", { "x-forwarded-proto": "https" })),
    ).toBe(false);
    expect(
      isSecure(await signUp(direct, "https://closr.example/api/register", { "x-forwarded-proto": "http" })),
    ).toBe(true);
    expect(isSecure(await signUp(direct, "http://closr.example/api/register"))).toBe(true);
  });
});
