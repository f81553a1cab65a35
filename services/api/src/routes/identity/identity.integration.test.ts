import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loginByAddressDefault } from "../../http/rate-limit.ts";
import { createTestApp, type TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let counter = 0;
/** An object mother for registration payloads: unique by default, override what a test is about. */
const aRegistration = (overrides: Record<string, unknown> = {}) => {
  counter++;
  return {
    email: `person${counter}@example.com.au`,
    username: `person${counter}`,
    password: "a long enough password",
    userType: "business",
    ...overrides,
  };
};

const userCount = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from users`.execute(t.database.db)).rows[0]!.n);

describe("POST /api/register", () => {
  it("creates the user, signs them in with a secure session cookie, and stores only the token's hash", async () => {
    const browser = t.client();
    const payload = aRegistration({ email: "  Ava@Harbour.com.au ", userType: "agent" });
    const res = await browser.request("/api/register", { method: "POST", json: payload });
    expect(res.status).toBe(201);
    const user = await bodyOf(res);
    expect(user).toMatchObject({
      email: "ava@harbour.com.au",
      username: payload.username,
      userType: "agent",
      verificationStatus: "unverified",
      role: "member",
      emailVerified: false,
    });
    expect(user).not.toHaveProperty("password");
    expect(user).not.toHaveProperty("passwordHash");

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("closr_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // plain-HTTP localhost only
    const token = browser.cookies.get("closr_session")!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const stored = await sql<{ tokenHash: string }>`select token_hash as "tokenHash" from session`.execute(
      t.database.db,
    );
    const expected = createHash("sha256").update(token).digest("hex");
    expect(stored.rows.map((r) => r.tokenHash)).toContain(expected);
    expect(stored.rows.map((r) => r.tokenHash)).not.toContain(token);

    const me = await browser.request("/api/user");
    expect(me.status).toBe(200);
    expect((await bodyOf(me)).id).toBe(user.id);
  });

  it("marks the cookie Secure when not on plain-HTTP localhost", async () => {
    const res = await t.app.request("https://closr.example/api/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(aRegistration()),
    });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie().join()).toMatch(/Secure/);
  });

  it("answers 409 naming the field for a taken username (any case), creating nothing", async () => {
    const first = aRegistration();
    await t.client().request("/api/register", { method: "POST", json: first });
    const before = await userCount();

    const username = await t.client().request("/api/register", {
      method: "POST",
      json: aRegistration({ username: first.username.toUpperCase() }),
    });
    expect(username.status).toBe(409);
    expect(await bodyOf(username)).toMatchObject({
      type: "/problems/username-taken",
      errors: [{ field: "username" }],
    });
    expect(await userCount()).toBe(before);
  });

  it("answers a taken email exactly like a free one; the owner is told, the newcomer gets no link and never the address (issue 48)", async () => {
    const owner = aRegistration();
    const ownerClient = t.client();
    expect((await ownerClient.request("/api/register", { method: "POST", json: owner })).status).toBe(201);
    const mails = (to: string) =>
      t.database.db
        .selectFrom("mailOutbox")
        .select(["subject", "body"])
        .where("recipient", "=", to)
        .orderBy("id", "asc")
        .execute();
    const ownerMailsBefore = (await mails(owner.email)).length;

    const free = aRegistration();
    const freeClient = t.client();
    const freeRes = await freeClient.request("/api/register", { method: "POST", json: free });
    const squatterClient = t.client();
    const squatter = aRegistration({
      email: `  ${owner.email.toUpperCase()} `,
      password: "the newcomer's own password",
    });
    const takenRes = await squatterClient.request("/api/register", { method: "POST", json: squatter });

    // The same status, headers that matter and body shape (keys and value types).
    expect(takenRes.status).toBe(freeRes.status);
    expect(takenRes.status).toBe(201);
    expect(takenRes.headers.get("content-type")).toBe(freeRes.headers.get("content-type"));
    const cookieNames = (res: Response) =>
      res.headers
        .getSetCookie()
        .map((line) => line.split("=")[0])
        .sort();
    expect(cookieNames(takenRes)).toEqual(cookieNames(freeRes));
    const [freeBody, takenBody] = [await bodyOf(freeRes), await bodyOf(takenRes)];
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value]));
    expect(shape(takenBody)).toEqual(shape(freeBody));
    expect(takenBody).toMatchObject({
      email: owner.email,
      username: squatter.username,
      emailVerified: false,
    });
    expect(freeBody).toMatchObject({ email: free.email, username: free.username, emailVerified: false });
    // The newcomer is signed in and sees the address they typed.
    expect((await bodyOf(await squatterClient.request("/api/user"))).email).toBe(owner.email);

    // The owner's outbox has the notice, and no confirmation link; the free sign-up got its link.
    const ownerMails = (await mails(owner.email)).slice(ownerMailsBefore);
    expect(ownerMails.map((m) => m.subject)).toEqual(["Someone tried to use your email on Closr"]);
    expect(ownerMails[0]!.body).toMatch(/create a Closr account with your email address/);
    expect(ownerMails[0]!.body).toMatch(/log in .*or reset your password/);
    expect(ownerMails[0]!.body).not.toMatch(/verify-email\?token=/);
    expect((await mails(free.email)).map((m) => m.subject)).toEqual(["Confirm your email for Closr"]);

    // The database holds the owner's address once; the newcomer's is unclaimed.
    const rows = await sql<{ username: string; email: string; unclaimed: string | null }>`
      select username, email, unclaimed_email as unclaimed from users
      where email = ${owner.email} or unclaimed_email = ${owner.email} order by id`.execute(t.database.db);
    expect(rows.rows.map((r) => [r.username, r.email === owner.email, r.unclaimed])).toEqual([
      [owner.username, true, null],
      [squatter.username, false, owner.email],
    ]);

    // Resending answers as for anyone ("sent"); the owner's notice is not repeated within the hour.
    await sql`update users set email_verification_sent_at = now() - interval '2 minutes'
      where username = ${squatter.username}`.execute(t.database.db);
    const resend = await squatterClient.request("/api/email-verification", { method: "POST" });
    expect(resend.status).toBe(202);
    expect((await bodyOf(resend)).message).toContain(owner.email);
    expect((await mails(owner.email)).slice(ownerMailsBefore)).toHaveLength(1);
    // An hour on, a resend tells the owner again.
    await sql`update users set email_verification_sent_at = now() - interval '2 minutes',
      email_notice_sent_at = now() - interval '61 minutes' where username = ${squatter.username}`.execute(
      t.database.db,
    );
    expect((await squatterClient.request("/api/email-verification", { method: "POST" })).status).toBe(202);
    expect((await mails(owner.email)).slice(ownerMailsBefore)).toHaveLength(2);

    // The owner still signs in by email and gets the reset link; the newcomer signs in by the
    // address they typed too (into their own account), as after any sign-up.
    const ownerLogin = await t.client().request("/api/login", {
      method: "POST",
      json: { username: owner.email, password: owner.password },
    });
    expect(ownerLogin.status).toBe(200);
    expect((await bodyOf(ownerLogin)).username).toBe(owner.username);
    expect(
      (await t.client().request("/api/forgot-password", { method: "POST", json: { email: owner.email } }))
        .status,
    ).toBe(200);
    await t.runJobs();
    const resets = (await mails(owner.email)).filter((m) =>
      m.subject.startsWith("Reset your Closr password"),
    );
    expect(resets).toHaveLength(1);
    for (const login of [squatter.username, owner.email]) {
      const res = await t.client().request("/api/login", {
        method: "POST",
        json: { username: login, password: squatter.password },
      });
      expect(res.status).toBe(200);
      expect((await bodyOf(res)).username).toBe(squatter.username);
    }
  });

  it("lists every invalid field with its message in a 422, creating nothing", async () => {
    const before = await userCount();
    const res = await t.client().request("/api/register", { method: "POST", json: {} });
    expect(res.status).toBe(422);
    const problem = await bodyOf(res);
    expect(problem.type).toBe("/problems/validation-failed");
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { field: "email", message: "Email is required" },
        { field: "username", message: "Username is required" },
        { field: "password", message: "Password is required" },
      ]),
    );

    const cases: [Record<string, unknown>, string, string][] = [
      [aRegistration({ email: "not-an-email" }), "email", "Please enter a valid email"],
      [aRegistration({ password: "short" }), "password", "Password must be at least 8 characters"],
      [aRegistration({ username: "ab" }), "username", "Username must be at least 3 characters"],
      [
        aRegistration({ username: "has space" }),
        "username",
        "Username may contain only letters, numbers, dots, dashes and underscores",
      ],
      [aRegistration({ username: 12345 }), "username", "Username must be text"],
      [aRegistration({ userType: "admin" }), "userType", "Account type must be business or agent"],
      [
        aRegistration({ verificationStatus: "verified" }),
        "verificationStatus",
        "New accounts start unverified",
      ],
      [aRegistration({ isAdmin: true }), "isAdmin", "Unknown field"],
      [aRegistration({ role: "admin" }), "role", "Unknown field"],
    ];
    for (const [payload, field, message] of cases) {
      const bad = await t.client().request("/api/register", { method: "POST", json: payload });
      expect(bad.status, JSON.stringify(payload)).toBe(422);
      expect((await bodyOf(bad)).errors).toContainEqual({ field, message });
    }
    expect(await userCount()).toBe(before);
  });

  it("rejects malformed JSON, a wrong content type and an oversized body with clear 4xx problems", async () => {
    const before = await userCount();
    const malformed = await t.client().request("/api/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    expect((await bodyOf(malformed)).type).toBe("/problems/malformed-request");

    const form = await t.client().request("/api/register", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.co&username=abc&password=12345678",
    });
    expect(form.status).toBe(415);
    expect((await bodyOf(form)).type).toBe("/problems/unsupported-media-type");

    const huge = await t.client().request("/api/register", {
      method: "POST",
      json: aRegistration({ username: "x".repeat(1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect((await bodyOf(huge)).type).toBe("/problems/payload-too-large");

    const array = await t.client().request("/api/register", { method: "POST", json: [1, 2] });
    expect(array.status).toBe(422);

    const empty = await t.client().request("/api/register", { method: "POST" });
    expect([400, 415, 422]).toContain(empty.status);
    expect(empty.headers.get("content-type")).toContain("problem+json");
    expect(await userCount()).toBe(before);
  });

  it("never lets two concurrent sign-ups take one username", async () => {
    const name = `racer${Date.now() % 100000}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.client().request("/api/register", {
          method: "POST",
          json: aRegistration({ username: name, email: `racer${i}@example.com` }),
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe("POST /api/login and /api/logout", () => {
  it("signs in by username or email with a new token each time, and logout ends the session", async () => {
    const reg = aRegistration();
    const browser = t.client();
    await browser.request("/api/register", { method: "POST", json: reg });
    const registrationToken = browser.cookies.get("closr_session");

    const byName = await browser.request("/api/login", {
      method: "POST",
      json: { username: reg.username.toUpperCase(), password: reg.password },
    });
    expect(byName.status).toBe(200);
    expect((await bodyOf(byName)).username).toBe(reg.username);
    const loginToken = browser.cookies.get("closr_session");
    expect(loginToken).toBeDefined();
    expect(loginToken).not.toBe(registrationToken);

    // The session that existed before login is ended (no fixation).
    const stale = await t.app.request("http://localhost/api/user", {
      headers: { cookie: `closr_session=${registrationToken}` },
    });
    expect(stale.status).toBe(401);

    const byEmail = await t
      .client()
      .request("/api/login", { method: "POST", json: { username: reg.email, password: reg.password } });
    expect(byEmail.status).toBe(200);

    const out = await browser.request("/api/logout", { method: "POST" });
    expect(out.status).toBe(204);
    expect(browser.cookies.has("closr_session")).toBe(false);
    const replay = await t.app.request("http://localhost/api/user", {
      headers: { cookie: `closr_session=${loginToken}` },
    });
    expect(replay.status).toBe(401);
  });

  it("answers the same 401 for a wrong password and an unknown user", async () => {
    const reg = aRegistration();
    await t.client().request("/api/register", { method: "POST", json: reg });
    const wrong = await t
      .client()
      .request("/api/login", { method: "POST", json: { username: reg.username, password: "not it at all" } });
    const unknown = await t.client().request("/api/login", {
      method: "POST",
      json: { username: "nobody-here", password: "not it at all" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await bodyOf(wrong), await bodyOf(unknown)];
    expect(a).toEqual(b);
    expect(a.type).toBe("/problems/invalid-credentials");
  });

  it("requires username and password with the spec's messages", async () => {
    const res = await t
      .client()
      .request("/api/login", { method: "POST", json: { username: " ", password: "" } });
    expect(res.status).toBe(422);
    expect((await bodyOf(res)).errors).toEqual([
      { field: "username", message: "Username is required" },
      { field: "password", message: "Password is required" },
    ]);
  });

  it("rejects state-changing requests from another origin or a cross-site context", async () => {
    const evil = await t
      .client()
      .request("/api/logout", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    expect((await bodyOf(evil)).type).toBe("/problems/origin-rejected");
    const crossSite = await t
      .client()
      .request("/api/logout", { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const same = await t
      .client()
      .request("/api/logout", { method: "POST", headers: { origin: "http://localhost" } });
    expect(same.status).toBe(204);
  });
});

describe("GET /api/user", () => {
  it("answers 401 problem without a session, and for a forged token", async () => {
    const none = await t.client().request("/api/user");
    expect(none.status).toBe(401);
    expect((await bodyOf(none)).type).toBe("/problems/unauthenticated");
    const forged = await t.app.request("http://localhost/api/user", {
      headers: { cookie: "closr_session=forged" },
    });
    expect(forged.status).toBe(401);
    expect(forged.headers.getSetCookie().join()).toMatch(/closr_session=;/);
  });
});

describe("GET /api/session", () => {
  it("answers {user: null} signed out and the user signed in, both as the contract's SessionState", async () => {
    const browser = t.client();
    const out = await browser.request("/api/session");
    expect(out.status).toBe(200);
    expect(await bodyOf(out)).toEqual({ user: null });
    const registration = aRegistration();
    await browser.request("/api/register", { method: "POST", json: registration });
    const signedIn = await bodyOf(await browser.request("/api/session"));
    expect(signedIn.user).toMatchObject({ username: registration.username });
    // afterEach: both bodies validate against openapi.json (SessionState.user is User or null).
  });
});

describe("rate limits", () => {
  it("throttles repeated logins with a 429 problem", async () => {
    const limited = await createTestApp({
      rateLimits: { login: { limit: 3, windowMs: 60_000 }, register: { limit: 2, windowMs: 60_000 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited
          .client()
          .request("/api/login", { method: "POST", json: { username: "someone", password: "whatever1" } });
        statuses.push(res.status);
        if (res.status === 429) {
          expect((await bodyOf(res)).type).toBe("/problems/rate-limited");
          expect(res.headers.get("ratelimit-reset")).toBeTruthy();
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429]);

      const signups: number[] = [];
      for (let i = 0; i < 3; i++) {
        signups.push(
          (await limited.client().request("/api/register", { method: "POST", json: aRegistration() })).status,
        );
      }
      expect(signups).toEqual([201, 201, 429]);
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  });
  it("stops credential stuffing: 100 failed logins over 100 usernames from one address end in 429", async () => {
    // The default per-address budget (50 failures per 15 min) beside the per-username one.
    const limited = await createTestApp({
      trustProxy: true,
      rateLimits: { login: { limit: 10, windowMs: 60_000 }, register: { limit: 10, windowMs: 60_000 } },
    });
    try {
      const person = aRegistration();
      const from = (address: string) => ({ "x-forwarded-for": address });
      const registered = await limited
        .client()
        .request("/api/register", { method: "POST", json: person, headers: from("198.51.100.9") });
      expect(registered.status).toBe(201);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 100; i++) {
        last = await limited.client().request("/api/login", {
          method: "POST",
          json: { username: `stuffed${i}`, password: "password123" },
          headers: from("203.0.113.7"),
        });
        statuses.push(last.status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(loginByAddressDefault.limit);
      expect(statuses.slice(loginByAddressDefault.limit)).toEqual(
        Array(100 - loginByAddressDefault.limit).fill(429),
      );
      expect((await bodyOf(last as Response)).type).toBe("/problems/rate-limited");
      const retryAfter = Number(last?.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(loginByAddressDefault.windowMs / 1000);
      // Another address is not affected: the real user still signs in.
      const elsewhere = await limited.client().request("/api/login", {
        method: "POST",
        json: { username: person.username, password: person.password },
        headers: from("198.51.100.9"),
      });
      expect(elsewhere.status).toBe(200);
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it("device cookies (issue 48): after 100 failed logins over 100 usernames from one address, the real user's known browser still signs in there; an unknown one gets 429", async () => {
    const limited = await createTestApp({
      trustProxy: true,
      rateLimits: { login: { limit: 10, windowMs: 60_000 }, register: { limit: 10, windowMs: 60_000 } },
    });
    try {
      const person = aRegistration();
      const office = { "x-forwarded-for": "203.0.113.50" };
      expect((await limited.client().request("/api/register", { method: "POST", json: person })).status).toBe(
        201,
      );
      // The real user signed in once from their own browser: it now holds a device cookie.
      const known = limited.client();
      const first = await known.request("/api/login", {
        method: "POST",
        json: { username: person.username, password: person.password },
      });
      expect(first.status).toBe(200);
      const device = first.headers.getSetCookie().find((line) => line.startsWith("closr_device="))!;
      expect(device).toMatch(/HttpOnly/i);
      expect(device).toMatch(/Path=\/api\/login/);
      expect(device).toMatch(/SameSite=Lax/i);
      expect(known.cookies.get("closr_device")).toBeTruthy();
      // A stranger behind the same office address stuffs 100 usernames.
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) {
        const res = await limited.client().request("/api/login", {
          method: "POST",
          json: { username: `office${i}`, password: "password123" },
          headers: office,
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(100 - loginByAddressDefault.limit);
      // The real user, from that address, with their device cookie: 200.
      const withCookie = await known.request("/api/login", {
        method: "POST",
        json: { username: person.username, password: person.password },
        headers: office,
      });
      expect(withCookie.status).toBe(200);
      // By email too: the cookie is the account's, whatever login is typed.
      const byEmail = await known.request("/api/login", {
        method: "POST",
        json: { username: person.email.toUpperCase(), password: person.password },
        headers: office,
      });
      expect(byEmail.status).toBe(200);
      // Without one (a new browser), from that address: 429.
      const without = await limited.client().request("/api/login", {
        method: "POST",
        json: { username: person.username, password: person.password },
        headers: office,
      });
      expect(without.status).toBe(429);
      // A forged or another account's cookie is no device cookie.
      const forged = limited.client();
      forged.cookies.set("closr_device", `${known.cookies.get("closr_device")}x`);
      expect(
        (
          await forged.request("/api/login", {
            method: "POST",
            json: { username: person.username, password: person.password },
            headers: office,
          })
        ).status,
      ).toBe(429);
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it("device cookies: a stranger's failures on one username cannot lock the known device out; the device has its own budget", async () => {
    const limited = await createTestApp({
      trustProxy: true,
      rateLimits: {
        login: { limit: 3, windowMs: 60_000 },
        loginByDevice: { limit: 2, windowMs: 60_000 },
        register: { limit: 10, windowMs: 60_000 },
      },
    });
    try {
      const person = aRegistration();
      const login = (client: TestClient, password: string, address: string) =>
        client
          .request("/api/login", {
            method: "POST",
            json: { username: person.username, password },
            headers: { "x-forwarded-for": address },
          })
          .then((res) => res.status);
      // Signing up gives the browser its device cookie.
      const known = limited.client();
      expect((await known.request("/api/register", { method: "POST", json: person })).status).toBe(201);
      expect(known.cookies.get("closr_device")).toBeTruthy();
      // Strangers from many addresses lock untrusted clients out of this username.
      const strangers: number[] = [];
      for (let i = 0; i < 5; i++)
        strangers.push(await login(limited.client(), "wrong guess 1", `192.0.2.${i + 1}`));
      expect(strangers).toEqual([401, 401, 401, 429, 429]);
      expect(await login(limited.client(), person.password, "198.51.100.77")).toBe(429);
      // The known device is judged on its own failures only.
      expect(await login(known, person.password, "198.51.100.1")).toBe(200);
      expect(await login(known, "my typo 1", "198.51.100.1")).toBe(401);
      expect(await login(known, "my typo 2", "198.51.100.1")).toBe(401);
      // Its budget spent, the device cookie is locked out and judged as an unknown client: 429.
      expect(await login(known, person.password, "198.51.100.1")).toBe(429);
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it("two IPv6 addresses in one /64 share a budget, and ::ffff:127.0.0.1 is 127.0.0.1 (issue 48)", async () => {
    const limited = await createTestApp({
      trustProxy: true,
      rateLimits: { login: { limit: 100, windowMs: 60_000 }, register: { limit: 2, windowMs: 60_000 } },
    });
    try {
      const signUp = (address: string) =>
        limited
          .client()
          .request("/api/register", {
            method: "POST",
            json: aRegistration(),
            headers: { "x-forwarded-for": address },
          })
          .then((res) => res.status);
      expect([
        await signUp("2001:db8:48:1::1"),
        await signUp("2001:db8:48:1:dead:beef:0:2"),
        await signUp("2001:db8:48:1:ffff::3"),
        await signUp("2001:db8:48:2::1"),
      ]).toEqual([201, 201, 429, 201]);
      expect([
        await signUp("127.0.0.1"),
        await signUp("::ffff:127.0.0.1"),
        await signUp("127.0.0.1"),
      ]).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it("counts only failed logins: a user who signs in often is never throttled", async () => {
    const limited = await createTestApp({
      rateLimits: { login: { limit: 3, windowMs: 60_000 }, register: { limit: 5, windowMs: 60_000 } },
    });
    try {
      const person = aRegistration();
      expect((await limited.client().request("/api/register", { method: "POST", json: person })).status).toBe(
        201,
      );
      const login = (password: string) =>
        limited
          .client()
          .request("/api/login", { method: "POST", json: { username: person.username, password } })
          .then((res) => res.status);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push(await login(person.password));
      for (let i = 0; i < 4; i++) statuses.push(await login("not the password"));
      expect(statuses).toEqual([200, 200, 200, 200, 200, 401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("system", () => {
  it("reports health, serves the committed contract, and answers unknown API routes with a 404 problem", async () => {
    const health = await t.client().request("/api/health");
    expect(health.status).toBe(200);
    expect(await bodyOf(health)).toMatchObject({ status: "ok", database: "ok" });

    const served = await bodyOf(await t.client().request("/api/openapi.json"));
    const committed = JSON.parse(
      readFileSync(new URL("../../../../../contracts/openapi.json", import.meta.url), "utf8"),
    );
    expect(served).toEqual(committed);

    const docs = await t.client().request("/api/docs");
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("swagger-ui");

    const missing = await t.client().request("/api/nothing-here");
    expect(missing.status).toBe(404);
    expect((await bodyOf(missing)).type).toBe("/problems/not-found");
  });

  it("sends security headers and a request id", async () => {
    const res = await t.client().request("/api/health");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});
