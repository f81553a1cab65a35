import { Cause, Effect, Exit, Layer, Option } from "effect";
import { describe, expect, it } from "vitest";
import { makeTestClock } from "../shared/clock.ts";
import { MessageId, type UserId } from "../shared/ids.ts";
import type { MessageRepository, UserDirectory } from "./ports.ts";
import { aPublicUser, makeMessagingMemory } from "./testing/index.ts";
import {
  countUnread,
  getConversation,
  listConversations,
  markConversationRead,
  searchUsers,
  sendMessage,
  validateContent,
} from "./use-cases.ts";

const ava = aPublicUser({ id: 1, username: "ava", userType: "business", verificationStatus: "verified" });
const mia = aPublicUser({ id: 2, username: "mia.chen", userType: "agent" });
const jack = aPublicUser({ id: 3, username: "jack.wilson", userType: "agent" });
const me = (u: { id: UserId }) => ({ id: u.id });

function setup() {
  const memory = makeMessagingMemory([ava, mia, jack]);
  const clock = makeTestClock(new Date("2026-11-23T01:00:00Z"));
  const layer = Layer.merge(memory.layer, clock.layer);
  const run = <A, E>(
    effect: Effect.Effect<A, E, MessageRepository | UserDirectory | import("../shared/clock.ts").Clock>,
  ) => Effect.runPromiseExit(Effect.provide(effect, layer));
  const ok = async <A, E>(
    effect: Effect.Effect<A, E, MessageRepository | UserDirectory | import("../shared/clock.ts").Clock>,
  ) => {
    const exit = await run(effect);
    if (Exit.isFailure(exit)) throw new Error(`expected success, got ${Cause.pretty(exit.cause)}`);
    return exit.value;
  };
  const failure = async <A, E>(
    effect: Effect.Effect<A, E, MessageRepository | UserDirectory | import("../shared/clock.ts").Clock>,
  ) => {
    const exit = await run(effect);
    if (Exit.isSuccess(exit)) throw new Error("expected a failure");
    return Option.getOrThrow(Cause.failureOption(exit.cause)) as { _tag: string } & Record<string, unknown>;
  };
  return { memory, clock, ok, failure };
}

describe("validateContent (spec §5)", () => {
  it("rejects empty, whitespace-only and over-long text; trims the rest", async () => {
    for (const bad of ["", "   ", "\n\t "])
      expect((await Effect.runPromise(Effect.flip(validateContent(bad)))).message).toBe(
        "Message cannot be empty",
      );
    expect((await Effect.runPromise(Effect.flip(validateContent("x".repeat(5001))))).message).toBe(
      "Message must be at most 5000 characters",
    );
    expect(await Effect.runPromise(validateContent(`  ${"x".repeat(5000)}\n`))).toHaveLength(5000);
  });
});

describe("sendMessage", () => {
  it("stores the message from the caller at the clock's time and records one live event for both parties", async () => {
    const { ok, memory } = setup();
    const message = await ok(sendMessage(me(ava), { receiverId: mia.id, content: "  Hello Mia  " }));
    expect(message).toMatchObject({
      senderId: ava.id,
      receiverId: mia.id,
      content: "Hello Mia",
      read: false,
    });
    expect(message.sentAt.toISOString()).toBe("2026-11-23T01:00:00.000Z");
    expect(memory.events).toEqual([{ id: 1, kind: "message", userIds: [ava.id, mia.id], message }]);
  });

  it("refuses oneself, an unknown receiver and blank content, storing nothing", async () => {
    const { failure, memory } = setup();
    expect((await failure(sendMessage(me(ava), { receiverId: ava.id, content: "hi" })))._tag).toBe(
      "CannotMessageSelf",
    );
    const unknown = await failure(sendMessage(me(ava), { receiverId: 99 as UserId, content: "hi" }));
    expect(unknown).toMatchObject({ _tag: "MessageUserNotFound", field: "receiverId" });
    expect((await failure(sendMessage(me(ava), { receiverId: mia.id, content: " " })))._tag).toBe(
      "InvalidMessageContent",
    );
    expect(memory.messages).toEqual([]);
    expect(memory.events).toEqual([]);
  });
});

describe("conversations and reading", () => {
  it("pages a conversation newest page first, chronological inside, and only between the two users", async () => {
    const { ok } = setup();
    for (let i = 1; i <= 5; i++)
      await ok(sendMessage(me(i % 2 ? ava : mia), { receiverId: i % 2 ? mia.id : ava.id, content: `m${i}` }));
    await ok(sendMessage(me(jack), { receiverId: ava.id, content: "not in this conversation" }));
    const first = await ok(getConversation(me(mia), ava.id, { limit: 2 }));
    expect(first.counterpart.username).toBe("ava");
    expect(first.items.map((m) => m.content)).toEqual(["m4", "m5"]);
    const second = await ok(getConversation(me(mia), ava.id, { limit: 2, beforeId: first.nextCursor! }));
    expect(second.items.map((m) => m.content)).toEqual(["m2", "m3"]);
    const third = await ok(getConversation(me(mia), ava.id, { limit: 2, beforeId: second.nextCursor! }));
    expect(third.items.map((m) => m.content)).toEqual(["m1"]);
    expect(third.nextCursor).toBeNull();
  });

  it("lists conversations newest first with unread counts; opening one marks it read and records a receipt", async () => {
    const { ok, memory, failure } = setup();
    await ok(sendMessage(me(mia), { receiverId: ava.id, content: "one" }));
    await ok(sendMessage(me(mia), { receiverId: ava.id, content: "two" }));
    await ok(sendMessage(me(jack), { receiverId: ava.id, content: "three" }));
    const list = await ok(listConversations(me(ava)));
    expect(list.items.map((c) => [c.counterpart.username, c.lastMessage.content, c.unreadCount])).toEqual([
      ["jack.wilson", "three", 1],
      ["mia.chen", "two", 2],
    ]);
    expect(await ok(countUnread(me(ava)))).toBe(3);

    // The sender opening the conversation marks nothing: only the receiver reads.
    expect(await ok(markConversationRead(me(mia), ava.id))).toEqual({ markedRead: 0, upToId: null });
    expect(await ok(markConversationRead(me(ava), mia.id, MessageId.make(1)))).toEqual({
      markedRead: 1,
      upToId: 1,
    });
    expect(await ok(markConversationRead(me(ava), mia.id))).toEqual({ markedRead: 1, upToId: 2 });
    expect(await ok(countUnread(me(ava)))).toBe(1);
    expect(memory.events.filter((e) => e.kind === "read").map((e) => e.userIds)).toEqual([
      [ava.id, mia.id],
      [ava.id, mia.id],
    ]);
    expect((await failure(markConversationRead(me(ava), 99 as UserId)))._tag).toBe("MessageUserNotFound");
  });

  it("an unknown counterpart is 404-shaped, not an empty conversation", async () => {
    const { failure } = setup();
    expect(await failure(getConversation(me(ava), 42 as UserId))).toMatchObject({
      _tag: "MessageUserNotFound",
      field: "with",
    });
  });
});

describe("searchUsers", () => {
  it("matches part of the username, case-insensitively, prefix matches first, never the caller", async () => {
    const { ok } = setup();
    const found = await ok(searchUsers(me(mia), { text: "A", page: 1, pageSize: 10 }));
    expect(found.items.map((u) => u.username)).toEqual(["ava", "jack.wilson"]);
    expect(found.total).toBe(2);
  });
});
