/**
 * Account life cycle over HTTP on a real database (issue 15 "Done when"): reset tokens are single
 * use and expire; a reset ends every session; forgot-password answers known and unknown emails
 * alike; the data export holds the user's rows and nobody else's; a deleted user cannot log in
 * while the counterpart still sees the invoice. Emails are read from the outbox (dev mailbox).
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestApp, enablePayouts } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";
import { FORGOT_PASSWORD_MESSAGE } from "./account.handlers.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let counter = 0;
async function aUser(userType: "business" | "agent" = "agent") {
  counter++;
  const account = {
    email: `account${counter}@example.com.au`,
    username: `account${counter}`,
    password: "first password 1",
    userType,
  };
  const client = t.client();
  const res = await client.request("/api/register", { method: "POST", json: account });
  expect(res.status).toBe(201);
  const user = await bodyOf(res);
  return { ...account, id: user.id as number, client };
}

async function logIn(login: string, password: string) {
  const client = t.client();
  const res = await client.request("/api/login", { method: "POST", json: { username: login, password } });
  return { client, status: res.status };
}

/** The newest email to `to` whose subject matches, from the outbox. */
async function mailTo(to: string, subject: RegExp) {
  const rows = await t.database.db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("recipient", "=", to)
    .orderBy("id", "desc")
    .execute();
  return rows.find((r) => subject.test(r.subject));
}

const linkToken = (text: string, path: string) => {
  const match = text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
};

async function resetTokenFor(email: string) {
  const anonymous = t.client();
  const res = await anonymous.request("/api/forgot-password", { method: "POST", json: { email } });
  expect(res.status).toBe(200);
  await t.runJobs();
  const mail = await mailTo(email, /Reset your Closr password/);
  return linkToken(mail!.body, "/reset-password");
}

describe("forgot password", () => {
  it("answers a known and an unknown email with the same status and body; only the known one gets mail", async () => {
    const known = await aUser();
    const anonymous = t.client();
    const a = await anonymous.request("/api/forgot-password", {
      method: "POST",
      json: { email: known.email },
    });
    const b = await anonymous.request("/api/forgot-password", {
      method: "POST",
      json: { email: "nobody-here@example.com.au" },
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const [bodyA, bodyB] = [await a.text(), await b.text()];
    expect(bodyA).toBe(bodyB);
    expect(JSON.parse(bodyA)).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(a.headers.get("content-type")).toBe(b.headers.get("content-type"));

    await t.runJobs();
    const mail = await mailTo(known.email, /Reset your Closr password/);
    expect(mail?.body).toMatch(/http:\/\/localhost\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain("<a href=");
    expect(await mailTo("nobody-here@example.com.au", /./)).toBeUndefined();
  });

  it("stores only the SHA-256 of a ≥128-bit token, valid for 30 minutes", async () => {
    const user = await aUser();
    const token = await resetTokenFor(user.email);
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    const row = await t.database.db
      .selectFrom("users")
      .select(["resetTokenHash", "resetTokenExpiry"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const { createHash } = await import("node:crypto");
    expect(row.resetTokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    const minutes = (new Date(row.resetTokenExpiry!).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it("rejects a bad email with the §5 message", async () => {
    const res = await t.client().request("/api/forgot-password", { method: "POST", json: { email: "nope" } });
    expect(res.status).toBe(422);
    expect((await bodyOf(res)).errors).toEqual([{ field: "email", message: "Please enter a valid email" }]);
  });
});

describe("reset password", () => {
  it("works once: the token is valid, resets, then is invalid; the new password logs in", async () => {
    const user = await aUser();
    const token = await resetTokenFor(user.email);
    const anonymous = t.client();
    const check = await anonymous.request(`/api/verify-reset-token?token=${token}`);
    expect(check.status).toBe(200);

    const reset = await anonymous.request("/api/reset-password", {
      method: "POST",
      json: { token, password: "brand new password" },
    });
    expect(reset.status).toBe(200);

    const again = await anonymous.request("/api/reset-password", {
      method: "POST",
      json: { token, password: "another new password" },
    });
    expect(again.status).toBe(400);
    expect(await bodyOf(again)).toMatchObject({
      type: "/problems/invalid-token",
      detail: "Invalid or expired token. Please request a new password reset link.",
    });
    expect((await anonymous.request(`/api/verify-reset-token?token=${token}`)).status).toBe(400);

    expect((await logIn(user.username, "brand new password")).status).toBe(200);
    expect((await logIn(user.username, "first password 1")).status).toBe(401);
    expect((await logIn(user.username, "another new password")).status).toBe(401);
  });

  it("refuses an expired token and a forged one with the invalid-link problem, never a 500", async () => {
    const user = await aUser();
    const token = await resetTokenFor(user.email);
    await sql`update users set reset_token_expiry = now() - interval '1 second' where id = ${user.id}`.execute(
      t.database.db,
    );
    const anonymous = t.client();
    const expired = await anonymous.request("/api/reset-password", {
      method: "POST",
      json: { token, password: "brand new password" },
    });
    expect(expired.status).toBe(400);
    expect((await anonymous.request(`/api/verify-reset-token?token=${token}`)).status).toBe(400);
    const forged = await anonymous.request("/api/verify-reset-token?token=not-a-real-token");
    expect(forged.status).toBe(400);
    expect((await logIn(user.username, "first password 1")).status).toBe(200);
  });

  it("needs 8 characters (§5) and checks the token before anything else", async () => {
    const res = await t.client().request("/api/reset-password", {
      method: "POST",
      json: { token: "x", password: "short" },
    });
    expect(res.status).toBe(422);
    expect((await bodyOf(res)).errors).toContainEqual({
      field: "password",
      message: "Password must be at least 8 characters",
    });
  });

  it("ends every session of the user and emails 'your password was changed'", async () => {
    const user = await aUser();
    const laptop = await logIn(user.username, user.password);
    expect((await user.client.request("/api/user")).status).toBe(200);
    expect((await laptop.client.request("/api/user")).status).toBe(200);

    const token = await resetTokenFor(user.email);
    const reset = await t.client().request("/api/reset-password", {
      method: "POST",
      json: { token, password: "brand new password" },
    });
    expect(reset.status).toBe(200);

    expect((await user.client.request("/api/user")).status).toBe(401);
    expect((await laptop.client.request("/api/user")).status).toBe(401);
    const count = await t.database.db
      .selectFrom("session")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    expect(await mailTo(user.email, /password was changed/)).toBeDefined();
  });
});

describe("forgot password per requester (issue 48)", () => {
  it("a stranger's requests for someone's email do not stop the owner's own; the daily ceiling holds across addresses", async () => {
    const limited = await createTestApp({
      trustProxy: true,
      rateLimits: {
        login: { limit: 1000, windowMs: 60_000 },
        register: { limit: 1000, windowMs: 60_000 },
        forgotPasswordByEmail: { limit: 3, windowMs: 15 * 60_000 },
        forgotPasswordByEmailDaily: { limit: 6, windowMs: 24 * 60 * 60_000 },
      },
    });
    try {
      const owner = { email: "owner48@example.com.au", username: "owner48", password: "first password 1" };
      const from = (address: string) => ({ "x-forwarded-for": address });
      expect(
        (
          await limited.client().request("/api/register", {
            method: "POST",
            json: { ...owner, userType: "agent" },
            headers: from("198.51.100.20"),
          })
        ).status,
      ).toBe(201);
      const forgot = (address: string) =>
        limited
          .client()
          .request("/api/forgot-password", {
            method: "POST",
            json: { email: owner.email },
            headers: from(address),
          })
          .then((res) => res.status);
      // The stranger spends their own budget for this email: 3, then 429.
      const stranger = [];
      for (let i = 0; i < 4; i++) stranger.push(await forgot("203.0.113.66"));
      expect(stranger).toEqual([200, 200, 200, 429]);
      // The owner, from their own address, still gets a reset link.
      /** How many reset emails the owner has had, once the queued ones are sent. */
      const resetEmails = async () => {
        await limited.runJobs();
        const sent = await limited.database.db
          .selectFrom("mailOutbox")
          .select("id")
          .where("recipient", "=", owner.email)
          .where("subject", "like", "Reset your Closr password%")
          .execute();
        return sent.length;
      };
      const before = await resetEmails();
      expect(await forgot("198.51.100.20")).toBe(200);
      expect(await resetEmails()).toBe(before + 1);
      // The daily ceiling per email counts every address: 6 answered (3 + 1 + 2), then 429 for all.
      expect(await forgot("192.0.2.1")).toBe(200);
      expect(await forgot("192.0.2.2")).toBe(200);
      expect(await forgot("192.0.2.3")).toBe(429);
      expect(limited.violations).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe("email verification", () => {
  it("sends a link at sign-up; using it sets emailVerified; the link then stops working", async () => {
    const user = await aUser("business");
    const mail = await mailTo(user.email, /Confirm your email/);
    const token = linkToken(mail!.body, "/verify-email");
    const res = await t.client().request("/api/verify-email", { method: "POST", json: { token } });
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).emailVerified).toBe(true);
    expect((await bodyOf(await user.client.request("/api/user"))).emailVerified).toBe(true);
    const again = await t.client().request("/api/verify-email", { method: "POST", json: { token } });
    expect(again.status).toBe(400);
    const resend = await user.client.request("/api/email-verification", { method: "POST" });
    expect(resend.status).toBe(409);
  });

  it("resends at most once a minute", async () => {
    const user = await aUser();
    const first = await user.client.request("/api/email-verification", { method: "POST" });
    expect(first.status).toBe(429);
    await sql`update users set email_verification_sent_at = now() - interval '2 minutes' where id = ${user.id}`.execute(
      t.database.db,
    );
    expect((await user.client.request("/api/email-verification", { method: "POST" })).status).toBe(202);
  });
});

describe("settings", () => {
  it("change password needs the current one and ends the other sessions only", async () => {
    const user = await aUser();
    const phone = await logIn(user.username, user.password);
    const wrong = await user.client.request("/api/account/password", {
      method: "POST",
      json: { currentPassword: "not it at all", newPassword: "second password 2" },
    });
    expect(wrong.status).toBe(422);
    expect((await bodyOf(wrong)).errors).toEqual([
      { field: "currentPassword", message: "Your current password is incorrect" },
    ]);
    const ok = await user.client.request("/api/account/password", {
      method: "POST",
      json: { currentPassword: user.password, newPassword: "second password 2" },
    });
    expect(ok.status).toBe(200);
    expect(await bodyOf(ok)).toEqual({ endedSessions: 1 });
    expect((await user.client.request("/api/user")).status).toBe(200);
    expect((await phone.client.request("/api/user")).status).toBe(401);
  });

  it("lists sessions with this device marked, and signs out everywhere", async () => {
    const user = await aUser();
    const other = await logIn(user.username, user.password);
    const list = await bodyOf(await user.client.request("/api/account/sessions"));
    expect(list.items).toHaveLength(2);
    expect(list.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect((await user.client.request("/api/account/sessions", { method: "DELETE" })).status).toBe(204);
    expect((await user.client.request("/api/user")).status).toBe(401);
    expect((await other.client.request("/api/user")).status).toBe(401);
  });

  it("changes the email only after the link sent to the new address is used", async () => {
    const user = await aUser();
    const res = await user.client.request("/api/account/email", {
      method: "POST",
      json: { newEmail: "New.Address@Example.com.au", password: user.password },
    });
    expect(res.status).toBe(202);
    expect((await bodyOf(await user.client.request("/api/user"))).email).toBe(user.email);
    const mail = await mailTo("new.address@example.com.au", /Confirm your new email/);
    const token = linkToken(mail!.body, "/confirm-email");
    const confirmed = await user.client.request("/api/account/email/confirm", {
      method: "POST",
      json: { token },
    });
    expect(confirmed.status).toBe(200);
    expect(await bodyOf(confirmed)).toMatchObject({
      email: "new.address@example.com.au",
      emailVerified: true,
    });
    expect((await logIn("new.address@example.com.au", user.password)).status).toBe(200);
    expect(await mailTo(user.email, /email was changed/)).toBeDefined();
  });

  it("answers an email change to a taken address like a free one; the owner gets a notice, never a link (issue 48)", async () => {
    const owner = await aUser();
    const user = await aUser();
    const toFree = await user.client.request("/api/account/email", {
      method: "POST",
      json: { newEmail: "free-48@example.com.au", password: user.password },
    });
    const toTaken = await user.client.request("/api/account/email", {
      method: "POST",
      json: { newEmail: owner.email.toUpperCase(), password: user.password },
    });
    expect(toTaken.status).toBe(toFree.status);
    expect(toTaken.status).toBe(202);
    const [freeBody, takenBody] = [await bodyOf(toFree), await bodyOf(toTaken)];
    expect(Object.keys(takenBody)).toEqual(Object.keys(freeBody));
    expect(takenBody.message.replace(owner.email, "X")).toBe(
      freeBody.message.replace("free-48@example.com.au", "X"),
    );
    // The owner: a notice, no confirmation link.
    expect(await mailTo(owner.email, /Someone tried to use your email/)).toBeDefined();
    expect(await mailTo(owner.email, /Confirm your new email/)).toBeUndefined();
    const notice = await mailTo(owner.email, /Someone tried to use your email/);
    expect(notice!.body).not.toMatch(/confirm-email\?token=/);
    // Nothing changed for either account; the owner still signs in by that email.
    expect((await bodyOf(await user.client.request("/api/user"))).email).toBe(user.email);
    expect((await logIn(owner.email, owner.password)).status).toBe(200);
    // Nothing of the taken address is stored on the requester: the free address stays pending.
    const pending = await sql<{ pending: string | null }>`
      select pending_email as pending from users where id = ${user.id}`.execute(t.database.db);
    expect(pending.rows[0]!.pending).toBe("free-48@example.com.au");
  });

  it("never attaches an address another account claimed after the link was sent: invalid-token (issue 48)", async () => {
    const user = await aUser();
    await user.client.request("/api/account/email", {
      method: "POST",
      json: { newEmail: "contested-48@example.com.au", password: user.password },
    });
    const token = linkToken(
      (await mailTo("contested-48@example.com.au", /Confirm your new email/))!.body,
      "/confirm-email",
    );
    // Someone signs up with the address before the link is used.
    const rival = t.client();
    const signUp = await rival.request("/api/register", {
      method: "POST",
      json: {
        email: "contested-48@example.com.au",
        username: "rival48",
        password: "first password 1",
        userType: "agent",
      },
    });
    expect(signUp.status).toBe(201);
    const confirmed = await user.client.request("/api/account/email/confirm", {
      method: "POST",
      json: { token },
    });
    expect(confirmed.status).toBe(400);
    expect((await bodyOf(confirmed)).type).toBe("/problems/invalid-token");
    expect((await bodyOf(await user.client.request("/api/user"))).email).toBe(user.email);
    expect((await logIn("contested-48@example.com.au", "first password 1")).status).toBe(200);
  });

  it("honours notification preferences in the Mailer", async () => {
    const business = await aUser("business");
    const agent = await aUser("agent");
    const prefs = await business.client.request("/api/account/notification-preferences", {
      method: "PATCH",
      json: { connectionRequests: false },
    });
    expect(await bodyOf(prefs)).toEqual({
      connectionRequests: false,
      acceptances: true,
      invoices: true,
      payments: true,
      messagesDigest: true,
    });
    const { businessProfileId } = await profiles(business, agent);
    const asked = await agent.client.request("/api/partnerships", {
      method: "POST",
      json: { businessId: businessProfileId },
    });
    expect(asked.status).toBe(201);
    expect(await mailTo(business.email, /connection request/)).toBeUndefined();
  });
});

async function profiles(
  business: Awaited<ReturnType<typeof aUser>>,
  agent: Awaited<ReturnType<typeof aUser>>,
) {
  const b = await business.client.request("/api/business-profiles", {
    method: "POST",
    json: { companyName: `Company ${business.username}` },
  });
  const a = await agent.client.request("/api/agent-profiles", {
    method: "POST",
    json: { fullName: `Agent ${agent.username}`, specialization: "SaaS Sales", yearsOfExperience: 5 },
  });
  expect(b.status).toBe(201);
  expect(a.status).toBe(201);
  return {
    businessProfileId: (await bodyOf(b)).id as number,
    agentProfileId: (await bodyOf(a)).id as number,
  };
}

/** A business and an agent, partnered, with one invoice and a message each way. */
async function partnersWithInvoice() {
  const business = await aUser("business");
  const agent = await aUser("agent");
  const { businessProfileId, agentProfileId } = await profiles(business, agent);
  await enablePayouts(t, agentProfileId); // issue 14: payouts before the first invoice
  const asked = await agent.client.request("/api/partnerships", {
    method: "POST",
    json: { businessId: businessProfileId },
  });
  const partnershipId = (await bodyOf(asked)).id as number;
  const accepted = await business.client.request(`/api/partnerships/${partnershipId}`, {
    method: "PATCH",
    json: { status: "active" },
  });
  expect(accepted.status).toBe(200);
  const invoice = await agent.client.request("/api/invoices", {
    method: "POST",
    json: { businessId: businessProfileId, partnershipId, amount: 1250.5, description: "October commission" },
  });
  expect(invoice.status).toBe(201);
  const invoiceId = (await bodyOf(invoice)).id as number;
  await agent.client.request("/api/messages", {
    method: "POST",
    json: { receiverId: business.id, content: "Hi from agent" },
  });
  await business.client.request("/api/messages", {
    method: "POST",
    json: { receiverId: agent.id, content: "Hi from business" },
  });
  return { business, agent, partnershipId, invoiceId };
}

describe("privacy rights", () => {
  it("Download my data: a background job builds the export and emails an owner-only link", async () => {
    const mine = await partnersWithInvoice();
    const theirs = await partnersWithInvoice();
    const queued = await mine.agent.client.request("/api/account/export", { method: "POST" });
    expect(queued.status).toBe(202);
    await t.runJobs();
    const mail = await mailTo(mine.agent.email, /Your Closr data is ready/);
    const match = mail!.body.match(/\/api\/account\/exports\/(\d+)\?token=([A-Za-z0-9_-]+)/);
    const path = `/api/account/exports/${match![1]}?token=${match![2]}`;

    const res = await mine.agent.client.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment/);
    const data = await bodyOf(res);
    expect(data.user).toMatchObject({ id: mine.agent.id, email: mine.agent.email });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|password_hash|tokenHash/);
    expect(data.agentProfile.fullName).toBe(`Agent ${mine.agent.username}`);
    expect(data.partnerships.map((p: { id: number }) => p.id)).toEqual([mine.partnershipId]);
    expect(data.invoices.map((i: { id: number }) => i.id)).toEqual([mine.invoiceId]);
    expect(data.invoices[0].amount).toBe(1250.5);
    expect(data.messages.map((m: { content: string }) => m.content).sort()).toEqual([
      "Hi from agent",
      "Hi from business",
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(theirs.agent.email);
    expect(text).not.toContain(theirs.agent.username);
    expect(data.invoices.some((i: { id: number }) => i.id === theirs.invoiceId)).toBe(false);
    expect(data.partnerships.some((p: { id: number }) => p.id === theirs.partnershipId)).toBe(false);

    // Owner only, signed in, with the token.
    expect((await mine.business.client.request(path)).status).toBe(404);
    expect((await t.client().request(path)).status).toBe(401);
    expect((await mine.agent.client.request(`/api/account/exports/${match![1]}?token=forged`)).status).toBe(
      404,
    );
  });

  it("Delete my account: needs the password; afterwards no login, while the business still sees the invoice", async () => {
    const { business, agent, invoiceId } = await partnersWithInvoice();
    const wrong = await agent.client.request("/api/account/delete", {
      method: "POST",
      json: { password: "nope nope" },
    });
    expect(wrong.status).toBe(422);
    const phone = await logIn(agent.username, agent.password);

    const deleted = await agent.client.request("/api/account/delete", {
      method: "POST",
      json: { password: agent.password },
    });
    expect(deleted.status).toBe(204);
    expect((await agent.client.request("/api/user")).status).toBe(401);
    expect((await phone.client.request("/api/user")).status).toBe(401);
    expect((await logIn(agent.username, agent.password)).status).toBe(401);
    expect((await logIn(agent.email, agent.password)).status).toBe(401);

    const invoice = await business.client.request(`/api/invoices/${invoiceId}`);
    expect(invoice.status).toBe(200);
    expect(await bodyOf(invoice)).toMatchObject({ id: invoiceId, amount: 1250.5 });

    const row = await t.database.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", agent.id)
      .executeTakeFirstOrThrow();
    expect(row.email).not.toBe(agent.email);
    expect(row.username).not.toBe(agent.username);
    expect(row.deletedAt).not.toBeNull();
    const profile = await t.database.db
      .selectFrom("agentProfiles")
      .select(["fullName", "bio"])
      .where("userId", "=", agent.id)
      .executeTakeFirstOrThrow();
    expect(profile.fullName).toBe("Deleted user");
    const sent = await t.database.db
      .selectFrom("messages")
      .selectAll()
      .where("senderId", "=", agent.id)
      .execute();
    expect(sent).toEqual([]);
  });
});

describe("onboarding (spec §7)", () => {
  it("is created on first load, records Next and Back, completes, and is resumable from another device", async () => {
    const user = await aUser("agent");
    expect((await user.client.request("/api/onboarding")).status).toBe(404);
    const created = await user.client.request("/api/onboarding", {
      method: "POST",
      json: { totalSteps: 5, metadata: { source: "dashboard" } },
    });
    expect(created.status).toBe(201);
    expect(await bodyOf(created)).toMatchObject({ status: "not_started", currentStep: 0, totalSteps: 5 });
    expect(
      (await user.client.request("/api/onboarding", { method: "POST", json: { totalSteps: 5 } })).status,
    ).toBe(200);

    const next = async (step: number, completed: boolean) =>
      bodyOf(
        await user.client.request("/api/onboarding/progress", { method: "PATCH", json: { step, completed } }),
      );
    await next(0, true);
    expect(await next(1, true)).toMatchObject({
      status: "in_progress",
      currentStep: 2,
      completedSteps: [0, 1],
    });
    expect(await next(1, false)).toMatchObject({ currentStep: 1, completedSteps: [0] });

    const otherDevice = (await logIn(user.username, user.password)).client;
    expect(await bodyOf(await otherDevice.request("/api/onboarding"))).toMatchObject({ currentStep: 1 });

    const bad = await user.client.request("/api/onboarding/progress", {
      method: "PATCH",
      json: { step: 5, completed: true },
    });
    expect(bad.status).toBe(422);

    const done = await user.client.request("/api/onboarding/complete", { method: "PATCH" });
    const finished = await bodyOf(done);
    expect(finished).toMatchObject({ status: "completed", completedSteps: [0, 1, 2, 3, 4] });
    expect(finished.completedAt).not.toBeNull();
  });

  it("dismissing before it was ever saved still records it as completed", async () => {
    const user = await aUser("business");
    const res = await user.client.request("/api/onboarding/complete", {
      method: "PATCH",
      json: { dismissed: true },
    });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject({
      status: "completed",
      totalSteps: 4,
      metadata: { dismissed: true },
    });
  });

  it("answers 401 when signed out", async () => {
    expect((await t.client().request("/api/onboarding")).status).toBe(401);
  });
});

describe("the user's time zone (issue 46, ADR 0059)", () => {
  it("is Australia/Sydney by default, taken from sign-up when it is an IANA zone, and refused otherwise", async () => {
    const sydney = await aUser();
    expect((await bodyOf(await sydney.client.request("/api/user"))).timeZone).toBe("Australia/Sydney");

    counter++;
    const perth = t.client();
    const registered = await perth.request("/api/register", {
      method: "POST",
      json: {
        email: `zone${counter}@example.com.au`,
        username: `zone${counter}`,
        password: "first password 1",
        timeZone: "Australia/Perth",
      },
    });
    expect(registered.status).toBe(201);
    expect((await bodyOf(registered)).timeZone).toBe("Australia/Perth");

    for (const timeZone of ["AEST", "+08:00", "Mars/Olympus_Mons"]) {
      counter++;
      const refused = await t.client().request("/api/register", {
        method: "POST",
        json: {
          email: `zone_bad${counter}@example.com.au`,
          username: `zone_bad${counter}`,
          password: "first password 1",
          timeZone,
        },
      });
      expect(refused.status).toBe(422);
      expect((await bodyOf(refused)).errors).toEqual([
        { field: "timeZone", message: "Time zone must be an IANA time zone, such as Australia/Sydney" },
      ]);
    }
  });

  it("changes with PUT /api/account/time-zone, at once on the next request", async () => {
    const user = await aUser();
    const changed = await user.client.request("/api/account/time-zone", {
      method: "PUT",
      json: { timeZone: "Australia/Adelaide" },
    });
    expect(changed.status).toBe(200);
    expect((await bodyOf(changed)).timeZone).toBe("Australia/Adelaide");
    expect((await bodyOf(await user.client.request("/api/session"))).user.timeZone).toBe(
      "Australia/Adelaide",
    );
    const refused = await user.client.request("/api/account/time-zone", {
      method: "PUT",
      json: { timeZone: "Sydney" },
    });
    expect(refused.status).toBe(422);
    expect((await bodyOf(await user.client.request("/api/user"))).timeZone).toBe("Australia/Adelaide");
  });
});
