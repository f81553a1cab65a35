import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser, makeIdentityMemory } from "../identity/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { AgentProfileId, BusinessProfileId, NotificationId, UserId } from "../shared/ids.ts";
import { type Email, Mailer } from "../shared/mailer.ts";
import { makeNotificationMemory } from "./testing/index.ts";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notify,
  sweepNotifications,
} from "./use-cases.ts";

const business = aUser(1, "business");
const agent = aUser(2, "agent");

/** The store (business profile 10 owned by user 1), a mail recorder and a fixed clock. */
const world = (swept: Parameters<typeof makeNotificationMemory>[1] = []) => {
  const memory = makeNotificationMemory({ "business:10": UserId.make(1) }, swept);
  const identity = makeIdentityMemory();
  const mails: Email[] = [];
  const mailer = Layer.succeed(Mailer, { send: (mail) => Effect.sync(() => void mails.push(mail)) });
  const layer = Layer.mergeAll(memory.layer, identity.layer, mailer, makeTestClock(new Date(0)).layer);
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  return { memory, identity, mails, run };
};

describe("notification use cases", () => {
  it("notify stores a notice for a profile's owner and skips an unknown owner", async () => {
    const { memory, run } = world();
    await run(
      notify({
        to: { businessProfileId: BusinessProfileId.make(10) },
        kind: "connection_accepted",
        title: "t",
        link: "/x",
      }),
    );
    await run(
      notify({
        to: { agentProfileId: AgentProfileId.make(99) },
        kind: "connection_accepted",
        title: "t",
        link: "/x",
      }),
    );
    expect(memory.rows.map((row) => [row.userId, row.kind])).toEqual([[1, "connection_accepted"]]);
  });

  it("notify emails the kinds that have no email of their own, to the recipient's address", async () => {
    const { identity, mails, run } = world();
    identity.users.push({ user: business, passwordHash: "x" });
    await run(
      notify({
        to: { userId: business.id },
        kind: "invoice_raised",
        title: "Invoice raised",
        link: "/business/payments",
      }),
    );
    await run(
      notify({ to: { userId: business.id }, kind: "connection_requested", title: "Request", link: "/b" }),
    );
    expect(mails.map((mail) => [mail.to, mail.subject, mail.kind])).toEqual([
      ["u1@example.com", "Invoice raised", "invoices"],
    ]);
  });

  it("lists the caller's newest notices with the unread count, limit clamped to 1..100", async () => {
    const { run } = world();
    for (const title of ["one", "two", "three"])
      await run(notify({ to: { userId: agent.id }, kind: "connection_requested", title, link: "/a" }));
    await run(
      notify({ to: { userId: business.id }, kind: "connection_requested", title: "other", link: "/b" }),
    );
    const list = Either.getOrThrow(await run(listNotifications(agent, 0)));
    expect(list.items.map((item) => item.title)).toEqual(["three"]);
    expect(list.unread).toBe(3);
  });

  it("marks one read; another user's notice is NotificationNotFound; marks all read", async () => {
    const { run } = world();
    await run(notify({ to: { userId: agent.id }, kind: "connection_requested", title: "mine", link: "/a" }));
    await run(
      notify({ to: { userId: agent.id }, kind: "connection_requested", title: "mine too", link: "/a" }),
    );
    const first = NotificationId.make(1);
    expect(Either.getOrThrow(await run(markNotificationRead(agent, first))).unread).toBe(1);
    const other = await run(markNotificationRead(business, first));
    expect(Either.isLeft(other) && other.left).toMatchObject({ _tag: "NotificationNotFound", id: 1 });
    expect(Either.getOrThrow(await run(markAllNotificationsRead(agent))).unread).toBe(0);
  });

  it("the sweep emails each swept notice and counts them", async () => {
    const swept = [
      {
        notification: {
          id: NotificationId.make(5),
          userId: UserId.make(2),
          kind: "message_unread" as const,
          title: "New message from Acme",
          link: "/messages",
          subjectId: null,
          readAt: null,
          createdAt: new Date(0),
        },
        email: "agent@example.com",
      },
    ];
    const { mails, run } = world(swept);
    expect(Either.getOrThrow(await run(sweepNotifications()))).toBe(1);
    expect(mails.map((mail) => [mail.to, mail.kind])).toEqual([["agent@example.com", "messages-digest"]]);
  });
});
