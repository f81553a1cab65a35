import { describe, expect, it } from "vitest";
import { UserId } from "../shared/ids.ts";
import { createContent } from "./content-entries.ts";
import { aContentInput } from "./testing/index.ts";
import { contentCast, contentWorld, leftOf } from "./testing/world.ts";
import { adminStats, listAuditLog, listUsers, setUserRole, setUserSuspended } from "./user-moderation.ts";

const { admin, member, now } = contentCast;
const memberId = UserId.make(2);
const page = { page: 1, pageSize: 20 };

describe("listUsers", () => {
  it("admins list users newest first and search them; AdminOnly for a member", async () => {
    const { ok, run } = contentWorld();
    expect((await ok(listUsers(admin, page))).items.map((u) => u.id)).toEqual([2, 1]);
    expect((await ok(listUsers(admin, { ...page, search: "USER2" }))).items.map((u) => u.id)).toEqual([2]);
    expect(leftOf(await run(listUsers(member, page)))).toMatchObject({
      _tag: "AdminOnly",
      action: "manage users",
    });
  });
});

describe("setUserSuspended", () => {
  it("suspends at the clock's now, ends the user's sessions and audit-logs it; unsuspending clears it", async () => {
    const { ok, managed, identity, accounts, audit } = contentWorld();
    identity.sessions.set("h1", { userId: memberId, tokenHash: "h1", expiresAt: now, renewedAt: now });
    identity.sessions.set("h2", { userId: UserId.make(1), tokenHash: "h2", expiresAt: now, renewedAt: now });
    const suspended = await ok(setUserSuspended(admin, memberId, true));
    expect(suspended.suspendedAt).toEqual(now);
    expect(accounts.endedFor).toEqual([2]);
    expect([...identity.sessions.keys()]).toEqual(["h2"]);
    expect(audit.entries).toEqual([
      {
        actorUserId: 1,
        action: "user.suspended",
        subjectType: "user",
        subjectId: "2",
        before: { suspendedAt: null },
        after: { suspendedAt: now.toISOString(), sessionsEnded: 1 },
      },
    ]);
    const back = await ok(setUserSuspended(admin, memberId, false));
    expect(back.suspendedAt).toBeNull();
    expect(managed.users[1]?.suspendedAt).toBeNull();
    expect(accounts.endedFor).toEqual([2]);
    expect(audit.entries.at(-1)).toMatchObject({ action: "user.unsuspended", after: { sessionsEnded: 0 } });
  });

  it("CannotChangeOwnAccount for oneself; ManagedUserNotFound for an unknown user; AdminOnly for a member", async () => {
    const { run, audit, managed } = contentWorld();
    expect(leftOf(await run(setUserSuspended(admin, admin.id, true)))).toMatchObject({
      _tag: "CannotChangeOwnAccount",
      action: "suspend",
    });
    expect(leftOf(await run(setUserSuspended(admin, UserId.make(99), true)))).toMatchObject({
      _tag: "ManagedUserNotFound",
      id: 99,
    });
    expect(leftOf(await run(setUserSuspended(member, UserId.make(1), true)))).toMatchObject({
      _tag: "AdminOnly",
    });
    expect(managed.users.every((u) => u.suspendedAt === null)).toBe(true);
    expect(audit.entries).toEqual([]);
  });
});

describe("setUserRole", () => {
  it("grants and revokes the admin role, audit-logged with before and after", async () => {
    const { ok, audit } = contentWorld();
    expect((await ok(setUserRole(admin, memberId, "admin"))).role).toBe("admin");
    expect((await ok(setUserRole(admin, memberId, "member"))).role).toBe("member");
    expect(audit.entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ["user.admin-granted", { role: "member" }, { role: "admin" }],
      ["user.admin-revoked", { role: "admin" }, { role: "member" }],
    ]);
  });

  it("CannotChangeOwnAccount for oneself; ManagedUserNotFound; AdminOnly for a member", async () => {
    const { run } = contentWorld();
    expect(leftOf(await run(setUserRole(admin, admin.id, "member")))).toMatchObject({
      _tag: "CannotChangeOwnAccount",
      action: "change the role of",
    });
    expect(leftOf(await run(setUserRole(admin, UserId.make(99), "admin")))).toMatchObject({
      _tag: "ManagedUserNotFound",
    });
    expect(leftOf(await run(setUserRole(member, memberId, "admin")))).toMatchObject({ _tag: "AdminOnly" });
  });
});

describe("adminStats", () => {
  it("counts content per type with the user counts; AdminOnly for a member", async () => {
    const { ok, run } = contentWorld();
    await ok(createContent(admin, aContentInput({ published: true })));
    await ok(createContent(admin, aContentInput({ slug: "careers", type: "careers" })));
    const stats = await ok(adminStats(admin));
    expect(stats.content.about).toEqual({ total: 1, published: 1 });
    expect(stats.content.careers).toEqual({ total: 1, published: 0 });
    expect(stats.users).toBe(2);
    expect(leftOf(await run(adminStats(member)))).toMatchObject({
      _tag: "AdminOnly",
      action: "see the admin dashboard",
    });
  });
});

describe("listAuditLog", () => {
  it("newest first, filtered by action prefix and actor; AdminOnly for a member", async () => {
    const { ok, run, managed } = contentWorld();
    const entry = (id: number, action: string, actorUsername: string) => ({
      id,
      actorUserId: UserId.make(1),
      actorUsername,
      action,
      subjectType: action.split(".")[0] ?? "",
      subjectId: "2",
      before: null,
      after: null,
      createdAt: now,
    });
    managed.audit.push(
      entry(1, "user.suspended", "user1"),
      entry(2, "content.created", "user1"),
      entry(3, "user.unsuspended", "boss"),
    );
    expect((await ok(listAuditLog(admin, page))).items.map((e) => e.id)).toEqual([3, 2, 1]);
    expect((await ok(listAuditLog(admin, { ...page, action: "user." }))).items.map((e) => e.id)).toEqual([
      3, 1,
    ]);
    expect((await ok(listAuditLog(admin, { ...page, actor: "USER1" }))).items.map((e) => e.id)).toEqual([
      2, 1,
    ]);
    expect(leftOf(await run(listAuditLog(member, page)))).toMatchObject({
      _tag: "AdminOnly",
      action: "read the audit log",
    });
  });
});
