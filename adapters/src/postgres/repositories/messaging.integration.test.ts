import { type LiveEvent, MessageRepository, UserDirectory } from "@closr/core/messaging";
import type { UserId } from "@closr/core/shared";
import { Effect, Exit, Layer } from "effect";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabaseFrom } from "../database-service.ts";
import { latestLiveEventId, listenLiveEvents, pruneLiveEvents, replayLiveEvents } from "../live-events.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { MessageRepositoryPg, UserDirectoryPg } from "./messaging.ts";

let database: TestDatabase;
let layer: Layer.Layer<MessageRepository | UserDirectory>;
const ids: Record<string, UserId> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  layer = Layer.mergeAll(MessageRepositoryPg, UserDirectoryPg).pipe(
    Layer.provide(PgDatabaseFrom(database.db)),
  );
  for (const [username, userType, verificationStatus] of [
    ["ava", "business", "verified"],
    ["mia.chen", "agent", "unverified"],
    ["jack.wilson", "agent", "pending"],
    ["MIAMI_sales", "business", "unverified"],
    ["100%_real", "agent", "unverified"],
  ] as const) {
    const row = await database.db
      .insertInto("users")
      .values({
        email: `${username.toLowerCase()}@example.com`,
        username,
        passwordHash: "$stub",
        userType,
        verificationStatus,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[username] = row.id as UserId;
  }
});
afterAll(() => database?.dispose());

const run = <A, E>(effect: Effect.Effect<A, E, MessageRepository | UserDirectory>) =>
  Effect.runPromise(Effect.provide(effect, layer));
const repo = <A, E>(f: (r: MessageRepository["Type"]) => Effect.Effect<A, E>) =>
  run(Effect.flatMap(MessageRepository, f));
const send = (from: string, to: string, content: string, at = new Date()) =>
  repo((r) => r.send({ senderId: ids[from]!, receiverId: ids[to]!, content, sentAt: at }));

describe("MessageRepositoryPg", () => {
  it("stores a message with its live event in one statement, and the NOTIFY reaches a listener", async () => {
    const received: LiveEvent[] = [];
    const unlisten = await listenLiveEvents(database.db, (e) => received.push(e));
    const before = await latestLiveEventId(database.db);
    const at = new Date("2026-11-23T02:03:04.005Z");
    const message = await send("ava", "mia.chen", "<script>alert(1)</script> hello", at);
    expect(message).toMatchObject({ senderId: ids.ava, receiverId: ids["mia.chen"], read: false });
    expect(message.content).toBe("<script>alert(1)</script> hello");
    expect(message.sentAt.toISOString()).toBe(at.toISOString());
    expect(typeof message.id).toBe("number");
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({
      id: before + 1,
      kind: "message",
      userIds: [ids.ava, ids["mia.chen"]],
      message,
    });
    await unlisten();
  });

  it("a message too large for a NOTIFY payload is read back by id", async () => {
    const received: LiveEvent[] = [];
    const unlisten = await listenLiveEvents(database.db, (e) => received.push(e));
    const content = "é".repeat(5000); // 10,000 bytes in UTF-8
    const message = await send("mia.chen", "ava", content);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ kind: "message", message: { id: message.id, content } });
    await unlisten();
  });

  it("refuses an unknown receiver (foreign key) and blank content (check), storing nothing", async () => {
    const count = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from messages`.execute(database.db)).rows[0]!.n,
      );
    const before = await count();
    const events = await latestLiveEventId(database.db);
    const exit = await Effect.runPromiseExit(
      Effect.provide(
        Effect.flatMap(MessageRepository, (r) =>
          r.send({ senderId: ids.ava!, receiverId: 999999 as UserId, content: "hi", sentAt: new Date() }),
        ),
        layer,
      ),
    );
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("MessageUserNotFound");
    await expect(send("ava", "jack.wilson", "   ")).rejects.toThrow();
    await expect(send("ava", "ava", "to me")).rejects.toThrow();
    expect(await count()).toBe(before);
    expect(await latestLiveEventId(database.db)).toBe(events);
  });

  it("pages a conversation by cursor: newest page first, oldest first inside, only that pair", async () => {
    const sent = [];
    for (let i = 1; i <= 7; i++)
      sent.push(
        await send(i % 2 ? "jack.wilson" : "MIAMI_sales", i % 2 ? "MIAMI_sales" : "jack.wilson", `c${i}`),
      );
    await send("jack.wilson", "ava", "elsewhere");
    const page = (beforeId?: number) =>
      repo((r) => r.conversation(ids.MIAMI_sales!, ids["jack.wilson"]!, { beforeId, limit: 3 }));
    const first = await page();
    expect(first.items.map((m) => m.content)).toEqual(["c5", "c6", "c7"]);
    expect(first.nextCursor).toBe(sent[4]!.id);
    const second = await page(first.nextCursor!);
    expect(second.items.map((m) => m.content)).toEqual(["c2", "c3", "c4"]);
    const third = await page(second.nextCursor!);
    expect(third.items.map((m) => m.content)).toEqual(["c1"]);
    expect(third.nextCursor).toBeNull();
  });

  it("lists conversations newest first with unread counts, by cursor", async () => {
    const list = await repo((r) => r.conversations(ids.ava!, { beforeId: undefined, limit: 1 }));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      counterpart: { username: "jack.wilson", userType: "agent", verificationStatus: "pending" },
      lastMessage: { content: "elsewhere" },
      unreadCount: 1,
    });
    const rest = await repo((r) => r.conversations(ids.ava!, { beforeId: list.nextCursor!, limit: 10 }));
    expect(rest.items.map((c) => [c.counterpart.username, c.unreadCount])).toEqual([["mia.chen", 1]]);
    expect(rest.nextCursor).toBeNull();
    expect(await repo((r) => r.unreadCount(ids.ava!))).toBe(2);
  });

  it("marks read up to an id with one receipt event; marking again changes nothing and records nothing", async () => {
    const first = await send("mia.chen", "jack.wilson", "r1");
    const second = await send("mia.chen", "jack.wilson", "r2");
    const received: LiveEvent[] = [];
    const unlisten = await listenLiveEvents(database.db, (e) => received.push(e));
    const at = new Date("2026-11-23T03:00:00Z");
    const receipt = await repo((r) => r.markRead(ids["jack.wilson"]!, ids["mia.chen"]!, first.id, at));
    expect(receipt).toEqual({
      readerId: ids["jack.wilson"],
      senderId: ids["mia.chen"],
      upToId: first.id,
      count: 1,
      readAt: at,
    });
    const rest = await repo((r) => r.markRead(ids["jack.wilson"]!, ids["mia.chen"]!, undefined, at));
    expect(rest).toMatchObject({ upToId: second.id, count: 1 });
    expect(
      await repo((r) => r.markRead(ids["jack.wilson"]!, ids["mia.chen"]!, undefined, at)),
    ).toBeUndefined();
    // The sender "reading" their own messages marks nothing.
    expect(
      await repo((r) => r.markRead(ids["mia.chen"]!, ids["jack.wilson"]!, undefined, at)),
    ).toBeUndefined();
    await expect.poll(() => received.length).toBe(2);
    expect(received.map((e) => (e.kind === "read" ? e.receipt.upToId : 0))).toEqual([first.id, second.id]);
    expect(received[0]!.userIds).toEqual([ids["jack.wilson"], ids["mia.chen"]]);
    await unlisten();
  });
});

describe("live event replay", () => {
  it("replays a user's events after an id, only theirs; asks for a refetch when it cannot", async () => {
    const start = await latestLiveEventId(database.db);
    const a = await send("100%_real", "ava", "one");
    await send("mia.chen", "jack.wilson", "not for 100%_real");
    await send("ava", "100%_real", "two");
    const replay = await replayLiveEvents(database.db, ids["100%_real"]!, start);
    expect(replay.complete).toBe(true);
    expect(replay.events.map((e) => (e.kind === "message" ? e.message.content : ""))).toEqual(["one", "two"]);
    expect(replay.latestId).toBe(start + 3);
    const after = await replayLiveEvents(database.db, ids["100%_real"]!, replay.events[0]!.id);
    expect(after.events).toHaveLength(1);
    expect((await replayLiveEvents(database.db, ids["100%_real"]!, start, 1)).complete).toBe(false);
    expect((await replayLiveEvents(database.db, ids["100%_real"]!, start + 1000)).complete).toBe(false);
    expect(a.id).toBeGreaterThan(0);

    await sql`update live_events set created_at = now() - interval '2 days' where id <= ${start + 1}`.execute(
      database.db,
    );
    const old = await sql<{
      n: number;
    }>`select count(*)::int as n from live_events where id <= ${start + 1}`.execute(database.db);
    expect(await pruneLiveEvents(database.db, new Date(Date.now() - 24 * 3600 * 1000))).toBe(old.rows[0]!.n);
    expect((await replayLiveEvents(database.db, ids["100%_real"]!, start - 1)).complete).toBe(false);
    expect((await replayLiveEvents(database.db, ids["100%_real"]!, start + 1)).complete).toBe(true);
  });
});

describe("UserDirectoryPg", () => {
  it("finds users by part of the username, case-insensitively, prefix first, never the caller; wildcards are literal", async () => {
    const search = (text: string, excludeId = ids.ava!) =>
      run(Effect.flatMap(UserDirectory, (d) => d.search({ text, excludeId, page: 1, pageSize: 10 })));
    const mia = await search("MIA");
    expect(mia.items.map((u) => u.username)).toEqual(["mia.chen", "MIAMI_sales"]);
    expect(mia.total).toBe(2);
    expect(Object.keys(mia.items[0]!).sort()).toEqual([
      "id",
      "userType",
      "username",
      "verificationStatus",
      "verifiedBadge",
    ]);
    expect((await search("%")).items.map((u) => u.username)).toEqual(["100%_real"]);
    expect((await search("_")).items.map((u) => u.username).sort()).toEqual(["100%_real", "MIAMI_sales"]);
    expect((await search("ava")).items).toEqual([]);
    expect((await search("", ids["mia.chen"]!)).total).toBe(4);
    const paged = await run(
      Effect.flatMap(UserDirectory, (d) => d.search({ text: "", excludeId: ids.ava!, page: 2, pageSize: 3 })),
    );
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(4);
  });
});
