import { describe, expect, it } from "vitest";
import {
  confirmNewsletter,
  listContactMessages,
  submitContact,
  subscribeNewsletter,
} from "./contact-and-newsletter.ts";
import { contentCast, contentWorld, leftOf } from "./testing/world.ts";

const { admin, member, now } = contentCast;
const message = {
  fullName: " Sam Buyer ",
  email: " sam@example.com ",
  subject: " Partnership question ",
  message: " How do commissions get paid? ",
};

describe("submitContact", () => {
  it("stores the trimmed message (with the signed-in user) and mails it to support", async () => {
    const { ok, contact, mailer } = contentWorld();
    const saved = await ok(submitContact(member, message));
    expect(saved).toMatchObject({
      fullName: "Sam Buyer",
      email: "sam@example.com",
      subject: "Partnership question",
      message: "How do commissions get paid?",
      userId: 2,
    });
    expect(contact.messages).toEqual([saved]);
    expect(mailer.sent).toEqual([
      {
        to: "support@closr.test",
        subject: "Contact form: Partnership question",
        text: `From: Sam Buyer <sam@example.com>\n\nHow do commissions get paid?\n\n(Message ${saved.id}; reply to sam@example.com.)`,
      },
    ]);
  });

  it("a visitor's message has no user", async () => {
    const { ok } = contentWorld();
    expect((await ok(submitContact(null, message))).userId).toBeNull();
  });

  it("InvalidContent with the spec's words for each empty field and a malformed email; nothing stored or sent", async () => {
    const { run, contact, mailer } = contentWorld();
    expect(
      leftOf(await run(submitContact(null, { fullName: "", email: "", subject: " ", message: "" }))),
    ).toMatchObject({
      _tag: "InvalidContent",
      errors: [
        { field: "fullName", message: "Full name is required" },
        { field: "email", message: "Email is required" },
        { field: "subject", message: "Subject is required" },
        { field: "message", message: "Message is required" },
      ],
    });
    expect(leftOf(await run(submitContact(null, { ...message, email: "sam@" })))).toMatchObject({
      _tag: "InvalidContent",
      errors: [{ field: "email", message: "Please enter a valid email" }],
    });
    expect(contact.messages).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });
});

describe("listContactMessages", () => {
  it("admins read messages newest first; AdminOnly for a member", async () => {
    const { ok, run } = contentWorld();
    await ok(submitContact(null, message));
    await ok(submitContact(null, { ...message, subject: "Second" }));
    const page = await ok(listContactMessages(admin, 1, 20));
    expect(page.items.map((m) => m.subject)).toEqual(["Second", "Partnership question"]);
    expect(page.total).toBe(2);
    expect(leftOf(await run(listContactMessages(member, 1, 20)))).toMatchObject({
      _tag: "AdminOnly",
      action: "read contact messages",
    });
  });
});

describe("newsletter double opt-in", () => {
  it("a sign-up stores the lower-cased address unconfirmed and mails the confirmation link; the link confirms it once", async () => {
    const { ok, contact, mailer } = contentWorld();
    await ok(subscribeNewsletter("  Sam@Example.com "));
    expect(contact.subscribers.get("sam@example.com")).toEqual({
      tokenHash: "sha256(token-1)",
      confirmedAt: null,
    });
    expect(mailer.sent).toMatchObject([
      {
        to: "sam@example.com",
        subject: "Confirm your Closr newsletter subscription",
        action: { label: "Confirm subscription", url: "https://closr.test/blog?newsletter=token-1" },
      },
    ]);
    expect(await ok(confirmNewsletter("token-1"))).toBe(true);
    expect(contact.subscribers.get("sam@example.com")?.confirmedAt).toEqual(now);
    expect(await ok(confirmNewsletter("token-1"))).toBe(false);
    expect(await ok(confirmNewsletter("unknown"))).toBe(false);
  });

  it("a confirmed address signing up again gets no second email (same answer)", async () => {
    const { ok, mailer } = contentWorld();
    await ok(subscribeNewsletter("sam@example.com"));
    await ok(confirmNewsletter("token-1"));
    await ok(subscribeNewsletter("sam@example.com"));
    expect(mailer.sent).toHaveLength(1);
  });

  it("InvalidContent for a malformed address; nothing stored", async () => {
    const { run, contact } = contentWorld();
    expect(leftOf(await run(subscribeNewsletter("not-an-email")))).toMatchObject({
      _tag: "InvalidContent",
      errors: [{ field: "email", message: "Please enter a valid email" }],
    });
    expect(contact.subscribers.size).toBe(0);
  });
});
