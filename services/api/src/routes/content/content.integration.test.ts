/**
 * Content, media, contact and user moderation on a real database (issue 16): who may read and
 * write content, slug uniqueness, optimistic locking, media refusals, usage-blocked deletes,
 * sanitised Markdown, the contact form reaching the outbox, and suspension ending sessions.
 */
import { safeLinkMessage } from "@closr/contracts";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { storedFilePolicy } from "../../http/stored-file-headers.ts";
import type { TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
async function aUser(userType: "business" | "agent" = "business") {
  n++;
  const client = t.client();
  const username = `content${n}`;
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email: `${username}@example.com`, username, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  return { client, username, id: (await bodyOf(res)).id as number };
}

async function anAdmin() {
  const admin = await aUser();
  await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.id).execute();
  return admin;
}

const entry = (overrides: Record<string, unknown> = {}) => ({
  title: "Closing deals in 2026",
  slug: `closing-deals-${++n}`,
  type: "blog",
  content: { lead: "How agents close.", body: "# Hello\n\nText", category: "Sales" },
  published: true,
  featured: false,
  ...overrides,
});

const create = (client: TestClient, json: Record<string, unknown>) =>
  client.request("/api/content", { method: "POST", json });

describe("content authorization", () => {
  it("lets admins write, refuses members (403) and visitors (401), shows visitors published entries only", async () => {
    const admin = await anAdmin();
    const member = await aUser();
    const anonymous = t.client();

    expect((await create(anonymous, entry())).status).toBe(401);
    const refused = await create(member.client, entry());
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).type).toBe("/problems/forbidden");

    const published = await bodyOf(await create(admin.client, entry({ title: "Public post" })));
    const draft = await bodyOf(
      await create(admin.client, entry({ title: "Secret draft", published: false })),
    );
    expect(published.publishedAt).not.toBeNull();
    expect(draft.publishedAt).toBeNull();

    const publicList = await bodyOf(await anonymous.request("/api/content?type=blog&status=all"));
    const titles = publicList.items.map((i: { title: string }) => i.title);
    expect(titles).toContain("Public post");
    expect(titles).not.toContain("Secret draft");
    expect((await anonymous.request(`/api/content/${draft.id}`)).status).toBe(404);
    expect((await member.client.request(`/api/content/${draft.id}`)).status).toBe(404);
    expect((await anonymous.request(`/api/content/${published.id}`)).status).toBe(200);

    const adminList = await bodyOf(await admin.client.request("/api/content?type=blog&status=all"));
    expect(adminList.items.map((i: { title: string }) => i.title)).toContain("Secret draft");
    expect((await admin.client.request(`/api/content/${draft.id}`)).status).toBe(200);

    const update = { ...entry({ slug: published.slug }), version: published.version };
    expect(
      (await member.client.request(`/api/content/${published.id}`, { method: "PUT", json: update })).status,
    ).toBe(403);
    expect((await member.client.request(`/api/content/${published.id}`, { method: "DELETE" })).status).toBe(
      403,
    );
    expect((await anonymous.request(`/api/content/${published.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await admin.client.request(`/api/content/${published.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
    expect((await anonymous.request(`/api/content/${published.id}`)).status).toBe(404);
  });

  it("finds an entry by slug and by search, and refuses a missing title or slug with the spec's words", async () => {
    const admin = await anAdmin();
    const slug = `find-me-${++n}`;
    await create(admin.client, entry({ slug, title: "Tiered commission explained" }));
    const bySlug = await bodyOf(await t.client().request(`/api/content?type=blog&slug=${slug}`));
    expect(bySlug.items).toHaveLength(1);
    const bySearch = await bodyOf(await t.client().request("/api/content?type=blog&search=TIERED"));
    expect(bySearch.items.map((i: { slug: string }) => i.slug)).toContain(slug);

    const invalid = await create(admin.client, entry({ title: " ", slug: "" }));
    expect(invalid.status).toBe(422);
    const messages = (await bodyOf(invalid)).errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(["Title is required", "Slug is required"]));
  });
});

describe("slugs and versions", () => {
  it("answers 409 slug-taken for a slug another entry has, on create and on update", async () => {
    const admin = await anAdmin();
    const first = await bodyOf(await create(admin.client, entry({ slug: "unique-slug" })));
    const clash = await create(admin.client, entry({ slug: "unique-slug", type: "press" }));
    expect(clash.status).toBe(409);
    expect((await bodyOf(clash)).type).toBe("/problems/slug-taken");

    const second = await bodyOf(await create(admin.client, entry({ slug: "other-slug" })));
    const renamed = await admin.client.request(`/api/content/${second.id}`, {
      method: "PUT",
      json: { ...entry({ slug: first.slug }), version: second.version },
    });
    expect(renamed.status).toBe(409);
    expect((await bodyOf(renamed)).type).toBe("/problems/slug-taken");
  });

  it("refuses a save based on an older version (409) and keeps the newer content", async () => {
    const admin = await anAdmin();
    const created = await bodyOf(await create(admin.client, entry()));
    const save = (title: string, version: number) =>
      admin.client.request(`/api/content/${created.id}`, {
        method: "PUT",
        json: { ...entry({ slug: created.slug, title }), version },
      });
    const first = await save("First editor", created.version);
    expect(first.status).toBe(200);
    expect((await bodyOf(first)).version).toBe(created.version + 1);
    const stale = await save("Second editor", created.version);
    expect(stale.status).toBe(409);
    expect((await bodyOf(stale)).type).toBe("/problems/content-version-conflict");
    const stored = await bodyOf(await admin.client.request(`/api/content/${created.id}`));
    expect(stored.title).toBe("First editor");
  });
});

describe("markdown", () => {
  it("refuses a javascript: press link with a 422 naming content.link, storing nothing; keeps https: links", async () => {
    const admin = await anAdmin();
    const press = (link: string, slug: string) =>
      create(admin.client, entry({ type: "press", slug, content: { outlet: "ABC", link, body: "x" } }));
    const refused = await press("javascript:alert('presslink')", "press-js");
    expect(refused.status).toBe(422);
    expect((await bodyOf(refused)).errors).toEqual([{ field: "content.link", message: safeLinkMessage }]);
    const stored = await t.database.db
      .selectFrom("content")
      .select("id")
      .where("slug", "=", "press-js")
      .execute();
    expect(stored).toEqual([]);
    expect((await press("https://www.abc.net.au/news/closr", "press-https")).status).toBe(201);
  });

  it("renders Markdown fields to HTML with no script, handler or javascript: link left", async () => {
    const admin = await anAdmin();
    const body =
      '# Title\n\n<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n**bold**';
    const created = await bodyOf(await create(admin.client, entry({ content: { body } })));
    const html: string = (await bodyOf(await t.client().request(`/api/content/${created.id}`))).html.body;
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    const preview = await admin.client.request("/api/admin/content/preview", {
      method: "POST",
      json: { markdown: body },
    });
    expect((await bodyOf(preview)).html).toBe(html);
  });
});

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
const upload = (client: TestClient, bytes: Uint8Array, name: string, alt?: string) => {
  const form = new FormData();
  form.set("file", new File([bytes] as never, name, { type: "image/png" }));
  if (alt !== undefined) form.set("alt", alt);
  return client.request("/api/admin/media", { method: "POST", body: form });
};

describe("media", () => {
  it("refuses non-image/PDF bytes (415), files over 10 MB (413), images without alt text (422) and members (403)", async () => {
    const admin = await anAdmin();
    const member = await aUser();
    const text = new TextEncoder().encode("just some text pretending to be a png");
    const notImage = await upload(admin.client, text, "fake.png", "Fake");
    expect(notImage.status).toBe(415);
    expect((await bodyOf(notImage)).type).toBe("/problems/media-type-unsupported");

    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(await pngOf(4, 4));
    const tooLarge = await upload(admin.client, big, "huge.png", "Huge");
    expect(tooLarge.status).toBe(413);
    expect((await bodyOf(tooLarge)).type).toBe("/problems/media-too-large");

    const png = new Uint8Array(await pngOf(20, 10));
    const noAlt = await upload(admin.client, png, "a.png", " ");
    expect(noAlt.status).toBe(422);
    expect((await upload(member.client, png, "a.png", "A")).status).toBe(403);
    expect(await t.database.db.selectFrom("media").selectAll().execute()).toHaveLength(0);
  });

  it("stores an upload's name without control or bidi override characters, cut to 255 bytes", async () => {
    const admin = await anAdmin();
    const png = new Uint8Array(await pngOf(10, 10));
    const spoofed = await bodyOf(await upload(admin.client, png, "photo\u202Egnp.exe\u0007.png", "Spoof"));
    expect(spoofed.originalFilename).toBe("photognp.exe.png");
    const long = await bodyOf(await upload(admin.client, png, `${"é".repeat(5000)}.png`, "Long"));
    expect(new TextEncoder().encode(long.originalFilename).byteLength).toBeLessThanOrEqual(255);
    expect(long.originalFilename).toMatch(/^é+\.png$/);
    const stored = await t.database.db
      .selectFrom("media")
      .select("originalFilename")
      .where("id", "in", [spoofed.id, long.id])
      .execute();
    expect(stored.map((row) => row.originalFilename).sort()).toEqual(
      [spoofed.originalFilename, long.originalFilename].sort(),
    );
  });

  it("stores an image with a thumbnail, serves both, and blocks deleting it while content uses it", async () => {
    const admin = await anAdmin();
    const res = await upload(
      admin.client,
      new Uint8Array(await pngOf(800, 400)),
      "cover.png",
      "A blue cover",
    );
    expect(res.status).toBe(201);
    const media = await bodyOf(res);
    expect(media).toMatchObject({ mimeType: "image/png", width: 800, height: 400, alt: "A blue cover" });

    const file = await t.client().request(media.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    // The route's own sandboxing policy, not the site's (the global headers keep it; ADR 0034).
    expect(file.headers.get("content-security-policy")).toBe(storedFilePolicy);
    const thumb = await t.client().request(media.thumbnailUrl);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("content-security-policy")).toBe(storedFilePolicy);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320);

    const post = await bodyOf(
      await create(
        admin.client,
        entry({ title: "With cover", content: { coverImage: media.url, body: "x" } }),
      ),
    );
    const listed = await bodyOf(await admin.client.request("/api/admin/media"));
    expect(listed.items.find((m: { id: number }) => m.id === media.id).usedBy).toEqual([
      { id: post.id, title: "With cover", type: "blog" },
    ]);
    const blocked = await admin.client.request(`/api/admin/media/${media.id}`, { method: "DELETE" });
    expect(blocked.status).toBe(409);
    expect((await bodyOf(blocked)).type).toBe("/problems/media-in-use");

    await admin.client.request(`/api/content/${post.id}`, { method: "DELETE" });
    expect((await admin.client.request(`/api/admin/media/${media.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
    expect((await t.client().request(media.url)).status).toBe(404);
  });
});

describe("contact form", () => {
  it("stores the message, mails it to the support address, and lists it for admins only", async () => {
    const admin = await anAdmin();
    const member = await aUser();
    const res = await t.client().request("/api/contact", {
      method: "POST",
      json: {
        fullName: "Jo Citizen",
        email: "jo@example.com",
        subject: "Fees",
        message: "What do you charge?",
      },
    });
    expect(res.status).toBe(201);
    const mail = await t.database.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("recipient", "=", "support@closr.com.au")
      .execute();
    expect(mail.map((m) => m.subject)).toContain("Contact form: Fees");
    expect(mail.find((m) => m.subject === "Contact form: Fees")?.body).toContain("What do you charge?");

    const invalid = await t.client().request("/api/contact", {
      method: "POST",
      json: { fullName: "", email: "nope", subject: "x", message: "y" },
    });
    expect(invalid.status).toBe(422);

    expect((await member.client.request("/api/admin/contact-messages")).status).toBe(403);
    const listed = await bodyOf(await admin.client.request("/api/admin/contact-messages"));
    expect(listed.items[0]).toMatchObject({ fullName: "Jo Citizen", subject: "Fees" });
  });
});

describe("users", () => {
  it("suspension ends every session of the user and stops logging in; unsuspending lets them back", async () => {
    const admin = await anAdmin();
    const user = await aUser("agent");
    const otherDevice = t.client();
    const login = (client: TestClient) =>
      client.request("/api/login", {
        method: "POST",
        json: { username: user.username, password: "long enough password" },
      });
    expect((await login(otherDevice)).status).toBe(200);
    expect((await user.client.request("/api/user")).status).toBe(200);

    const suspended = await admin.client.request(`/api/admin/users/${user.id}/suspension`, {
      method: "PUT",
      json: { suspended: true },
    });
    expect(suspended.status).toBe(200);
    expect((await bodyOf(suspended)).suspendedAt).not.toBeNull();
    expect((await user.client.request("/api/user")).status).toBe(401);
    expect((await otherDevice.request("/api/user")).status).toBe(401);
    const sessions = await t.database.db
      .selectFrom("session")
      .selectAll()
      .where("userId", "=", user.id)
      .execute();
    expect(sessions).toHaveLength(0);
    expect((await login(t.client())).status).toBe(401);

    await admin.client.request(`/api/admin/users/${user.id}/suspension`, {
      method: "PUT",
      json: { suspended: false },
    });
    expect((await login(t.client())).status).toBe(200);
  });

  it("grants and revokes admin, refuses an admin changing their own account, and searches", async () => {
    const admin = await anAdmin();
    const user = await aUser();
    const grant = await admin.client.request(`/api/admin/users/${user.id}/role`, {
      method: "PUT",
      json: { role: "admin" },
    });
    expect((await bodyOf(grant)).role).toBe("admin");
    expect((await user.client.request("/api/admin/stats")).status).toBe(200);
    await admin.client.request(`/api/admin/users/${user.id}/role`, {
      method: "PUT",
      json: { role: "member" },
    });
    expect((await user.client.request("/api/admin/stats")).status).toBe(403);

    const self = await admin.client.request(`/api/admin/users/${admin.id}/suspension`, {
      method: "PUT",
      json: { suspended: true },
    });
    expect(self.status).toBe(409);
    const found = await bodyOf(await admin.client.request(`/api/admin/users?search=${user.username}`));
    expect(found.items.map((u: { id: number }) => u.id)).toEqual([user.id]);
  });
});

describe("audit log", () => {
  it("records every admin write with who, what and before/after, and lists it for admins only", async () => {
    const admin = await anAdmin();
    const member = await aUser();
    const created = await bodyOf(await create(admin.client, entry({ title: "Audited" })));
    await admin.client.request(`/api/content/${created.id}`, {
      method: "PUT",
      json: { ...entry({ slug: created.slug, title: "Audited again" }), version: created.version },
    });
    await admin.client.request(`/api/content/${created.id}`, { method: "DELETE" });
    const media = await bodyOf(
      await upload(admin.client, new Uint8Array(await pngOf(40, 30)), "a.png", "Alt"),
    );
    await admin.client.request(`/api/admin/media/${media.id}`, { method: "DELETE" });
    const put = (path: string, json: unknown) => admin.client.request(path, { method: "PUT", json });
    await put(`/api/admin/users/${member.id}/suspension`, { suspended: true });
    await put(`/api/admin/users/${member.id}/suspension`, { suspended: false });
    await put(`/api/admin/users/${member.id}/role`, { role: "admin" });
    await put(`/api/admin/users/${member.id}/role`, { role: "member" });

    const rows = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("actorUserId", "=", admin.id)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => `${r.action} ${r.subjectType}`)).toEqual([
      "content.created content",
      "content.updated content",
      "content.deleted content",
      "media.uploaded media",
      "media.deleted media",
      "user.suspended user",
      "user.unsuspended user",
      "user.admin-granted user",
      "user.admin-revoked user",
    ]);
    const updated = rows[1]!;
    expect(updated.subjectId).toBe(String(created.id));
    expect(updated.before).toMatchObject({ title: "Audited", version: 1 });
    expect(updated.after).toMatchObject({ title: "Audited again", version: 2 });
    expect(rows[0]!.before).toBeNull();
    expect(rows[2]!.after).toBeNull();

    // The member's sessions ended at suspension; another member is refused.
    expect((await member.client.request("/api/admin/audit-log")).status).toBe(401);
    expect((await (await aUser()).client.request("/api/admin/audit-log")).status).toBe(403);
    const listed = await bodyOf(
      await admin.client.request(`/api/admin/audit-log?action=user.&actor=${admin.username}`),
    );
    expect(listed.items.map((i: { action: string }) => i.action)).toEqual([
      "user.admin-revoked",
      "user.admin-granted",
      "user.unsuspended",
      "user.suspended",
    ]);
    expect(listed.items[0].actorUsername).toBe(admin.username);
  });
});

describe("newsletter", () => {
  it("stores a sign-up unconfirmed, emails a confirmation link, and confirms it", async () => {
    const visitor = t.client();
    const res = await visitor.request("/api/newsletter", {
      method: "POST",
      json: { email: "Reader@Example.com" },
    });
    expect(res.status).toBe(202);
    const stored = await t.database.db
      .selectFrom("newsletterSubscriptions")
      .selectAll()
      .where("email", "=", "reader@example.com")
      .executeTakeFirstOrThrow();
    expect(stored.confirmedAt).toBeNull();
    const mail = await t.database.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("recipient", "=", "reader@example.com")
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/newsletter=([^\s&"]+)/.exec(`${mail.body} ${mail.html}`)?.[1] ?? "");
    expect(token).not.toBe("");

    const confirm = (value: string) =>
      visitor.request("/api/newsletter/confirm", { method: "POST", json: { token: value } });
    expect((await confirm("not-a-token")).status).toBe(400);
    expect((await confirm(token)).status).toBe(204);
    const confirmed = await t.database.db
      .selectFrom("newsletterSubscriptions")
      .select("confirmedAt")
      .where("email", "=", "reader@example.com")
      .executeTakeFirstOrThrow();
    expect(confirmed.confirmedAt).not.toBeNull();
    // Signing up again once confirmed sends nothing more.
    await visitor.request("/api/newsletter", { method: "POST", json: { email: "reader@example.com" } });
    const mails = await t.database.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("recipient", "=", "reader@example.com")
      .execute();
    expect(mails).toHaveLength(1);
  });
});
