import { describe, expect, it } from "vitest";
import { defaultRateLimits } from "../../http/rate-limit.ts";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
/** A signed-in account of that type, with its id and username. */
async function signUp(app: TestApp, userType: "business" | "agent" = "business") {
  n++;
  const client = app.client();
  const username = `msg${n}_${userType}`;
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email: `msg${n}@example.com`, username, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  const { id } = await bodyOf(res);
  return { client, id: id as number, username };
}

const send = (client: TestClient, receiverId: number, content: string, extra: Record<string, unknown> = {}) =>
  client.request("/api/messages", { method: "POST", json: { receiverId, content, ...extra } });

const messageCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom("messages")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("authorization", () => {
  it("every messaging endpoint needs a session", async () => {
    const anonymous = t.client();
    for (const [method, path, json] of [
      ["GET", "/api/conversations", undefined],
      ["GET", "/api/messages?with=1", undefined],
      ["POST", "/api/messages", { receiverId: 1, content: "hi" }],
      ["POST", "/api/conversations/1/read", {}],
      ["GET", "/api/messages/unread-count", undefined],
      ["GET", "/api/users?q=a", undefined],
      ["GET", "/api/users/1", undefined],
      ["GET", "/api/events", undefined],
    ] as const) {
      const res = await anonymous.request(path, { method, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
  });

  it("a conversation is always the caller's own: a third user sees none of it", async () => {
    const ava = await signUp(t, "business");
    const mia = await signUp(t, "agent");
    const eve = await signUp(t, "agent");
    expect((await send(ava.client, mia.id, "private to mia")).status).toBe(201);

    const mine = await bodyOf(await mia.client.request(`/api/messages?with=${ava.id}`));
    expect(mine.items.map((m: { content: string }) => m.content)).toEqual(["private to mia"]);
    // Eve asking for "with ava" gets her own (empty) conversation with Ava, never Ava–Mia.
    const eves = await eve.client.request(`/api/messages?with=${ava.id}`);
    expect(eves.status).toBe(200);
    expect(await bodyOf(eves)).toEqual({ items: [], nextCursor: null });
    expect((await bodyOf(await eve.client.request("/api/conversations"))).items).toEqual([]);
    // Eve cannot mark Mia's messages read either: it only ever marks messages addressed to her.
    expect(
      await bodyOf(
        await eve.client.request(`/api/conversations/${ava.id}/read`, { method: "POST", json: {} }),
      ),
    ).toEqual({ markedRead: 0, upToId: null });
    expect((await bodyOf(await mia.client.request("/api/messages/unread-count"))).unreadCount).toBe(1);

    const unknown = await ava.client.request("/api/messages?with=99999999");
    expect(unknown.status).toBe(404);
  });

  it("the sender is the session's user: a different senderId is refused and nothing is stored", async () => {
    const ava = await signUp(t);
    const mia = await signUp(t, "agent");
    const before = await messageCount();
    const spoofed = await send(ava.client, mia.id, "pretending", { senderId: mia.id });
    expect(spoofed.status).toBe(403);
    expect((await bodyOf(spoofed)).errors).toEqual([
      { field: "senderId", message: "Must be your own user id" },
    ]);
    const own = await send(ava.client, mia.id, "as myself", { senderId: ava.id });
    expect(own.status).toBe(201);
    expect(await bodyOf(own)).toMatchObject({ senderId: ava.id, receiverId: mia.id, read: false });
    expect(await messageCount()).toBe(before + 1);
  });

  it("bad input answers a clear 4xx and stores nothing", async () => {
    const ava = await signUp(t);
    const mia = await signUp(t, "agent");
    const before = await messageCount();
    const cases: [unknown, number, string | undefined][] = [
      [{ receiverId: mia.id, content: "" }, 422, "Message cannot be empty"],
      [{ receiverId: mia.id, content: " \n\t " }, 422, "Message cannot be empty"],
      [{ receiverId: mia.id, content: "x".repeat(5001) }, 422, "Message must be at most 5000 characters"],
      [{ receiverId: mia.id }, 422, "Message cannot be empty"],
      [{ receiverId: ava.id, content: "to me" }, 422, "You cannot send a message to yourself."],
      [{ receiverId: 99999999, content: "to nobody" }, 404, "No such user."],
      [{ receiverId: "abc", content: "hi" }, 422, undefined],
      [{ receiverId: mia.id, content: "x".repeat(100 * 1024) }, 413, undefined],
    ];
    for (const [json, status, message] of cases) {
      const res = await ava.client.request("/api/messages", { method: "POST", json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(status);
      const problem = await bodyOf(res);
      if (message) expect(JSON.stringify(problem)).toContain(message);
    }
    expect(await messageCount()).toBe(before);
  });

  it("HTML and script are stored and answered as plain text, exactly as typed", async () => {
    const ava = await signUp(t);
    const mia = await signUp(t, "agent");
    const html = `<img src=x onerror="alert('x')"><script>alert(1)</script> & "quotes"`;
    const sent = await bodyOf(await send(ava.client, mia.id, html));
    expect(sent.content).toBe(html);
    const page = await mia.client.request(`/api/messages?with=${ava.id}`);
    expect(page.headers.get("content-type")).toContain("application/json");
    expect((await bodyOf(page)).items[0].content).toBe(html);
  });
});

describe("pagination and reading", () => {
  it("pages a conversation by cursor: newest page first, oldest first inside", async () => {
    const ava = await signUp(t);
    const mia = await signUp(t, "agent");
    for (let i = 1; i <= 7; i++) {
      const [from, to] = i % 2 ? [ava, mia] : [mia, ava];
      expect((await send(from.client, to.id, `m${i}`)).status).toBe(201);
    }
    const contents = (page: { items: { content: string }[] }) => page.items.map((m) => m.content);
    const first = await bodyOf(await ava.client.request(`/api/messages?with=${mia.id}&limit=3`));
    expect(contents(first)).toEqual(["m5", "m6", "m7"]);
    expect(typeof first.nextCursor).toBe("string");
    const second = await bodyOf(
      await ava.client.request(`/api/messages?with=${mia.id}&limit=3&cursor=${first.nextCursor}`),
    );
    expect(contents(second)).toEqual(["m2", "m3", "m4"]);
    const third = await bodyOf(
      await ava.client.request(`/api/messages?with=${mia.id}&limit=3&cursor=${second.nextCursor}`),
    );
    expect(contents(third)).toEqual(["m1"]);
    expect(third.nextCursor).toBeNull();
    // Mia sees the same conversation.
    expect(contents(await bodyOf(await mia.client.request(`/api/messages?with=${ava.id}&limit=3`)))).toEqual([
      "m5",
      "m6",
      "m7",
    ]);
    for (const bad of ["limit=0", "limit=101", "cursor=abc", "cursor=-1", "with=0", "with=x"]) {
      const res = await ava.client.request(`/api/messages?with=${mia.id}&${bad}`);
      expect(res.status, bad).toBe(422);
    }
    expect((await ava.client.request("/api/messages")).status).toBe(422);
  });

  it("lists conversations newest first with unread counts; opening one marks it read", async () => {
    const ava = await signUp(t);
    const mia = await signUp(t, "agent");
    const jack = await signUp(t, "agent");
    await send(mia.client, ava.id, "from mia 1");
    await send(mia.client, ava.id, "from mia 2");
    await send(jack.client, ava.id, "from jack");
    await send(ava.client, mia.id, "reply to mia");

    const list = await bodyOf(await ava.client.request("/api/conversations?limit=1"));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      user: { id: mia.id, username: mia.username, userType: "agent", verificationStatus: "unverified" },
      lastMessage: { content: "reply to mia", senderId: ava.id },
      unreadCount: 2,
    });
    expect(Object.keys(list.items[0].user).sort()).toEqual([
      "id",
      "userType",
      "username",
      "verificationStatus",
      "verifiedBadge",
    ]);
    const rest = await bodyOf(await ava.client.request(`/api/conversations?cursor=${list.nextCursor}`));
    expect(
      rest.items.map((c: { user: { id: number }; unreadCount: number }) => [c.user.id, c.unreadCount]),
    ).toEqual([[jack.id, 1]]);
    expect(rest.nextCursor).toBeNull();
    expect(await bodyOf(await ava.client.request("/api/messages/unread-count"))).toEqual({ unreadCount: 3 });

    const firstId = (await bodyOf(await ava.client.request(`/api/messages?with=${mia.id}`))).items[0].id;
    const partial = await ava.client.request(`/api/conversations/${mia.id}/read`, {
      method: "POST",
      json: { upToId: firstId },
    });
    expect(await bodyOf(partial)).toEqual({ markedRead: 1, upToId: firstId });
    const all = await bodyOf(
      await ava.client.request(`/api/conversations/${mia.id}/read`, { method: "POST", json: {} }),
    );
    expect(all.markedRead).toBe(1);
    expect(await bodyOf(await ava.client.request("/api/messages/unread-count"))).toEqual({ unreadCount: 1 });
    const seenByMia = await bodyOf(await mia.client.request(`/api/messages?with=${ava.id}`));
    expect(seenByMia.items.map((m: { read: boolean }) => m.read)).toEqual([true, true, false]);

    expect(
      (await ava.client.request(`/api/conversations/99999999/read`, { method: "POST", json: {} })).status,
    ).toBe(404);
  });
});

describe("GET /api/users", () => {
  it("finds users by part of the username with public fields only, never the caller, paginated", async () => {
    const me = await signUp(t);
    const a = await signUp(t, "agent");
    const b = await signUp(t, "agent");
    const found = await bodyOf(await me.client.request("/api/users?q=_AGENT&pageSize=50"));
    const usernames = found.items.map((u: { username: string }) => u.username);
    expect(usernames).toEqual(expect.arrayContaining([a.username, b.username]));
    expect(usernames).not.toContain(me.username);
    for (const user of found.items)
      expect(Object.keys(user).sort()).toEqual([
        "id",
        "userType",
        "username",
        "verificationStatus",
        "verifiedBadge",
      ]);
    expect(found).toMatchObject({ page: 1, pageSize: 50 });

    const page1 = await bodyOf(await me.client.request("/api/users?q=msg&pageSize=2"));
    const page2 = await bodyOf(await me.client.request("/api/users?q=msg&pageSize=2&page=2"));
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBeGreaterThan(3);
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
    expect((await me.client.request("/api/users?pageSize=51")).status).toBe(422);

    const one = await bodyOf(await me.client.request(`/api/users/${a.id}`));
    expect(one).toEqual({
      id: a.id,
      username: a.username,
      userType: "agent",
      verificationStatus: "unverified",
      verifiedBadge: false,
    });
    expect((await me.client.request("/api/users/99999999")).status).toBe(404);
  });
});

describe("send rate limit", () => {
  it("answers 429 past the per-user limit and stores nothing more; another user is unaffected", async () => {
    const limited = await createTestApp({
      rateLimits: {
        login: { ...defaultRateLimits.login, limit: 1000 },
        register: { ...defaultRateLimits.register, limit: 1000 },
        messages: { limit: 3, windowMs: 60_000 },
      },
    });
    try {
      const ava = await signUp(limited);
      const mia = await signUp(limited, "agent");
      for (let i = 0; i < 3; i++) expect((await send(ava.client, mia.id, `ok ${i}`)).status).toBe(201);
      const refused = await send(ava.client, mia.id, "one too many");
      expect(refused.status).toBe(429);
      expect((await bodyOf(refused)).type).toBe("/problems/rate-limited");
      expect((await send(mia.client, ava.id, "mia is fine")).status).toBe(201);
      // Reading is not limited.
      expect((await ava.client.request(`/api/messages?with=${mia.id}`)).status).toBe(200);
      const stored = await limited.database.db.selectFrom("messages").select("content").execute();
      expect(stored.map((m) => m.content)).not.toContain("one too many");
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
