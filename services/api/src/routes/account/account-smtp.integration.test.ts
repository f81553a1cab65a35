/**
 * Every email of the account issue through a real SMTP conversation: a local SMTP server
 * (smtp-server) receives what MailerSmtp (nodemailer) sends, and each message has a plain-text
 * and an HTML part rendered from the one template set (adapters/src/mail/templates.ts).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

interface Received {
  readonly to: string[];
  readonly raw: string;
}

let server: SMTPServer;
let t: TestApp;
const inbox: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    smtp: {
      transport: { host: "127.0.0.1", port, secure: false, ignoreTLS: true },
      from: "Closr <no-reply@closr.com.au>",
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

/** Quoted-printable soft breaks and escapes undone, enough to search the text. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const received = (to: string, subject: string) => {
  const found = inbox.filter((m) => m.to.includes(to) && decoded(m.raw).includes(`Subject: ${subject}`));
  return found.at(-1);
};

const tokenIn = (raw: string, path: string) =>
  decoded(raw).match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`))?.[1];

const expectBothParts = (message: Received | undefined) => {
  expect(message).toBeDefined();
  const raw = decoded(message!.raw);
  expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
  expect(raw).toMatch(/Content-Type: text\/plain/i);
  expect(raw).toMatch(/Content-Type: text\/html/i);
  expect(raw).toMatch(/From: Closr <no-reply@closr\.com\.au>/);
};

describe("account emails over SMTP", () => {
  it("sign-up verification, reset link, password changed, email change, data export, deletion", async () => {
    const browser = t.client();
    const account = {
      email: "smtp-person@example.com.au",
      username: "smtp_person",
      password: "first password 1",
      userType: "agent",
    };
    expect((await browser.request("/api/register", { method: "POST", json: account })).status).toBe(201);
    const verification = received(account.email, "Confirm your email for Closr");
    expectBothParts(verification);
    expect(tokenIn(verification!.raw, "/verify-email")).toBeTruthy();

    await t.client().request("/api/forgot-password", { method: "POST", json: { email: account.email } });
    await t.runJobs();
    const reset = received(account.email, "Reset your Closr password");
    expectBothParts(reset);
    const token = tokenIn(reset!.raw, "/reset-password");
    expect(decoded(reset!.raw)).toContain(`href="http://localhost/reset-password?token=${token}"`);

    const done = await t.client().request("/api/reset-password", {
      method: "POST",
      json: { token, password: "second password 2" },
    });
    expect(done.status).toBe(200);
    expectBothParts(received(account.email, "Your Closr password was changed"));

    const signedIn = t.client();
    await signedIn.request("/api/login", {
      method: "POST",
      json: { username: account.username, password: "second password 2" },
    });
    const change = await signedIn.request("/api/account/email", {
      method: "POST",
      json: { newEmail: "smtp-new@example.com.au", password: "second password 2" },
    });
    expect(change.status).toBe(202);
    const confirm = received("smtp-new@example.com.au", "Confirm your new email for Closr");
    expectBothParts(confirm);
    await signedIn.request("/api/account/email/confirm", {
      method: "POST",
      json: { token: tokenIn(confirm!.raw, "/confirm-email") },
    });
    expectBothParts(received(account.email, "Your Closr email was changed"));

    await signedIn.request("/api/account/export", { method: "POST" });
    await t.runJobs();
    expectBothParts(received("smtp-new@example.com.au", "Your Closr data is ready"));

    await signedIn.request("/api/account/delete", {
      method: "POST",
      json: { password: "second password 2" },
    });
    expectBothParts(received("smtp-new@example.com.au", "Your Closr account was deleted"));
  });

  it("forgot-password for an unknown email sends nothing", async () => {
    const before = inbox.length;
    await t
      .client()
      .request("/api/forgot-password", { method: "POST", json: { email: "ghost@example.com.au" } });
    await t.runJobs();
    expect(inbox.length).toBe(before);
  });
});
