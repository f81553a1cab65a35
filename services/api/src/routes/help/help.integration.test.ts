/**
 * The help centre's API (issue 18; the app's /help pages read it, ADR 0047): topics and
 * articles, PostgreSQL full-text search over built-in and stored articles, a stored `help` row
 * overriding a built-in one, and Markdown sanitised (no script, no javascript: links).
 */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The content type 'help' is the Admin issue's; this database allows it here.
  await sql`ALTER TABLE content DROP CONSTRAINT IF EXISTS content_type_check`.execute(t.database.db);
}, 60_000);
afterAll(() => t?.close());
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: the contract validator checks every body
const get = async (path: string): Promise<{ status: number; body: any }> => {
  const res = await t.client().request(path);
  return { status: res.status, body: await res.json() };
};

describe("help centre API", () => {
  it("lists the topics and their articles, and answers one article with its body rendered", async () => {
    const index = await get("/api/help/articles");
    expect(index.status).toBe(200);
    expect(index.body.topics.map((t: { title: string }) => t.title)).toEqual([
      "Getting started",
      "Profiles",
      "Partnerships",
      "Invoices and payments",
      "Verification",
      "Plans and billing",
      "Account and privacy",
    ]);
    expect(index.body.articles.map((a: { slug: string }) => a.slug)).toContain("pay-an-invoice");

    const article = await get("/api/help/articles/pay-an-invoice");
    expect(article.body.title).toBe("Paying invoices by card");
    expect(article.body.html).toContain("<strong>Pay Now</strong>");
    expect((await get("/api/help/articles/no-such-article")).status).toBe(404);
  });

  it("searches titles and bodies with PostgreSQL full text: paying invoices finds the article", async () => {
    const results = await get("/api/help/search?q=paying%20invoices");
    expect(results.status).toBe(200);
    expect(results.body.hits[0].article.slug).toBe("pay-an-invoice");
    expect(results.body.hits[0].extract).toContain("<<");
    const body = await get("/api/help/search?q=checksum");
    expect(body.body.hits.map((h: { article: { slug: string } }) => h.article.slug)).toContain(
      "get-verified",
    );
    expect((await get("/api/help/search?q=zebra%20crossing")).body.hits).toEqual([]);
  });

  it("a published help row overrides the built-in one and is searchable; Markdown is sanitised", async () => {
    await sql`INSERT INTO content (title, slug, type, content, published) VALUES
      ('Paying invoices (updated)', 'pay-an-invoice', 'help',
       ${JSON.stringify({ topic: "invoices-and-payments", summary: "Updated.", body: "Pay with **BPAY** too.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) <img src=x onerror=alert(1)>" })},
       true),
      ('Draft article', 'draft-article', 'help', ${JSON.stringify({ topic: "profiles", summary: "x", body: "hidden marsupial" })}, false)`.execute(
      t.database.db,
    );
    const article = await get("/api/help/articles/pay-an-invoice");
    expect(article.body.title).toBe("Paying invoices (updated)");
    expect(article.body.html).toContain("<strong>BPAY</strong>");
    expect(article.body.html).not.toContain("<script>alert");
    expect(article.body.html).not.toContain("javascript:");
    expect(article.body.html).not.toContain("onerror");
    const bpay = await get("/api/help/search?q=bpay");
    expect(bpay.body.hits.map((h: { article: { slug: string } }) => h.article.slug)).toContain(
      "pay-an-invoice",
    );
    expect((await get("/api/help/search?q=marsupial")).body.hits).toEqual([]);
    expect((await get("/api/help/articles/draft-article")).status).toBe(404);
  });
});
