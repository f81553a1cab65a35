/**
 * The help centre (issue 18): server-rendered pages with their titles, PostgreSQL full-text
 * search over built-in and stored articles, a stored `help` row overriding a built-in one, and
 * Markdown sanitised (no script, no javascript: links).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The content type 'help' is the Admin issue's; this database allows it here.
  await sql`ALTER TABLE content DROP CONSTRAINT IF EXISTS content_type_check`.execute(t.database.db);
}, 60_000);
afterAll(() => t?.close());

const page = async (path: string) => {
  const res = await t.client().request(path);
  return { status: res.status, type: res.headers.get("content-type"), html: await res.text() };
};

describe("help centre", () => {
  it("lists the topics' articles, server-rendered with title and description", async () => {
    const index = await page("/help");
    expect(index.status).toBe(200);
    expect(index.type).toMatch(/^text\/html/);
    expect(index.html).toContain("<title>Help Centre — Closr</title>");
    expect(index.html).toMatch(/<meta name="description" content="How to use Closr/);
    for (const topic of [
      "Getting started",
      "Profiles",
      "Partnerships",
      "Invoices and payments",
      "Verification",
      "Plans and billing",
      "Account and privacy",
    ])
      expect(index.html).toContain(`>${topic}</h2>`);
    expect(index.html).toContain('href="/help/pay-an-invoice"');
    expect(index.html).toContain('<a href="/contact">Contact us</a>');

    const article = await page("/help/pay-an-invoice");
    expect(article.html).toContain("<title>Paying invoices by card — Closr Help Centre</title>");
    expect(article.html).toContain("<strong>Pay Now</strong>");
    expect((await page("/help/no-such-article")).status).toBe(404);
  });

  it("searches titles and bodies with PostgreSQL full text: paying invoices finds the article", async () => {
    const results = await page("/help?q=paying%20invoices");
    expect(results.status).toBe(200);
    const first = results.html.match(/<div class="hit"><a href="\/help\/([a-z0-9-]+)"/);
    expect(first?.[1]).toBe("pay-an-invoice");
    expect(results.html).toContain("<mark>");
    expect(results.html).toContain('name="robots" content="noindex"');
    const body = await page("/help?q=checksum");
    expect(body.html).toContain('href="/help/get-verified"');
    const none = await page("/help?q=zebra%20crossing");
    expect(none.html).toContain("No articles match");
  });

  it("a published help row overrides the built-in one and is searchable; Markdown is sanitised", async () => {
    await sql`INSERT INTO content (title, slug, type, content, published) VALUES
      ('Paying invoices (updated)', 'pay-an-invoice', 'help',
       ${JSON.stringify({ topic: "invoices-and-payments", summary: "Updated.", body: "Pay with **BPAY** too.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) <img src=x onerror=alert(1)>" })},
       true),
      ('Draft article', 'draft-article', 'help', ${JSON.stringify({ topic: "profiles", summary: "x", body: "hidden marsupial" })}, false)`.execute(
      t.database.db,
    );
    const article = await page("/help/pay-an-invoice");
    expect(article.html).toContain("<title>Paying invoices (updated) — Closr Help Centre</title>");
    expect(article.html).toContain("<strong>BPAY</strong>");
    expect(article.html).not.toContain("<script>alert");
    expect(article.html).not.toContain("javascript:");
    expect(article.html).not.toContain("onerror");
    expect((await page("/help?q=bpay")).html).toContain('href="/help/pay-an-invoice"');
    expect((await page("/help?q=marsupial")).html).toContain("No articles match");
    expect((await page("/help/draft-article")).status).toBe(404);
  });
});
