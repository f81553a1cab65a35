/**
 * The public site's server side (issue 16): server-rendered public pages with their title,
 * description and Open Graph tags in the HTML, published content replacing the defaults,
 * /sitemap.xml, /robots.txt and the /templates/* downloads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
const frontends = mkdtempSync(join(tmpdir(), "closr-frontends-"));
beforeAll(async () => {
  for (const name of ["shell", "business", "agent", "admin"])
    mkdirSync(join(frontends, name, "dist"), { recursive: true });
  writeFileSync(
    join(frontends, "shell", "dist", "index.html"),
    '<!doctype html><html><head><meta name="description" content="generic" /><title>Closr: generic</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
  );
  writeFileSync(
    join(frontends, "business", "dist", "mf-manifest.json"),
    JSON.stringify({
      exposes: [{ name: "register", assets: { js: { sync: ["assets/register-1.js"], async: [] } } }],
    }),
  );
  t = await createTestApp({ frontendsDir: frontends });
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(frontends, { recursive: true, force: true });
});
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

async function anAdmin() {
  const client = t.client();
  const res = await client.request("/api/register", {
    method: "POST",
    json: {
      email: "site-admin@example.com",
      username: "siteadmin",
      password: "long enough password",
      userType: "business",
    },
  });
  const { id } = (await res.json()) as { id: number };
  await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", id).execute();
  return client;
}

describe("server-rendered public pages", () => {
  it("serves /about with its heading, title, description and Open Graph tags in the HTML", async () => {
    const res = await t.client().request("/about");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1 class="page-title">About Closr</h1>');
    expect(html).toContain("<title>About Closr</title>");
    expect(html).toMatch(/<meta name="description" content="Closr connects Australian businesses/);
    expect(html).toContain('<meta property="og:title" content="About Closr" />');
    expect(html).not.toContain("Closr: generic");
    // The shell starts after the first paint (issue 19, ADR 0028): the app draws part of this
    // page, so its script is inert only until app-boot.js sees the paint.
    expect(html).toContain('<script type="text/x-closr-deferred" data-src="/assets/index.js">');
    expect(html).toContain('<script src="/app-boot.js" async data-start="paint"></script>');
    expect(html).not.toContain('<script type="module"');
  });

  it("serves the first screens of /, /auth and /pricing as HTML, which wait for an interaction (ADR 0028, 0030)", async () => {
    const pages: Record<string, { heading: RegExp; startOn: "interaction" | "paint" }> = {
      "/": { heading: /<h1 class="hero-title">Connect with verified sales agents/, startOn: "interaction" },
      "/auth": { heading: /<h1 class="page-title">Welcome to Closr<\/h1>/, startOn: "interaction" },
      "/pricing": {
        heading: /<h1 class="page-title">Simple, transparent pricing<\/h1>/,
        startOn: "interaction",
      },
    };
    for (const [path, { heading, startOn }] of Object.entries(pages)) {
      const html = await (await t.client().request(path)).text();
      expect(html).toMatch(heading);
      expect(html).toContain('<script type="text/x-closr-deferred" data-src="/assets/index.js">');
      expect(html).toContain(`<script src="/app-boot.js" async data-start="${startOn}"></script>`);
      // The app's frame is there before the app: top bar with Log in / Sign up, and the footer.
      expect(html).toContain('<header class="top-bar">');
      expect(html).toContain('<a class="btn btn-ghost btn-md hide-mobile" href="/auth">Log in</a>');
      expect(html).toContain(
        path === "/" ? 'href="#features">How It Works</a>' : 'href="/pricing">Pricing</a>',
      );
      expect(html).toMatch(/<footer class="site-footer">[\s\S]*Terms of Service[\s\S]*<\/footer>/);
      if (path === "/auth") {
        // The real forms, which app-boot.js carries over into the app's; posted, never in a URL.
        expect(html).toMatch(
          /<form class="form" method="post" action="\/auth" novalidate aria-label="Log in" data-server-form>/,
        );
        expect(html).toContain('aria-label="Sign up" data-server-form');
      } else {
        expect(html).not.toMatch(/<(input|textarea|select)\b/);
      }
    }
  });

  it("draws every plan card and the FAQ of /pricing from the API's catalogue, with links that work without the app (ADR 0030)", async () => {
    const html = await (await t.client().request("/pricing")).text();
    const { items } = (await (await t.client().request("/api/plans")).json()) as {
      items: { id: string; title: string; price: number; audience: string; features: string[] }[];
    };
    expect(items).toHaveLength(5);
    for (const plan of items) {
      const card = new RegExp(
        `<li class="card plan-card[^"]*" aria-labelledby="plan-${plan.id}">[\\s\\S]*?</li></ul><a [^>]*>[^<]*</a></li>`,
      ).exec(html)?.[0];
      expect(card, plan.id).toBeDefined();
      expect(card).toContain(`<h3 id="plan-${plan.id}" class="card-title">${plan.title}</h3>`);
      for (const feature of plan.features) expect(card).toContain(feature);
      // A visitor's action is a plain link to /auth, as the app's Get Started / Subscribe Now send them.
      expect(card).toMatch(
        plan.price === 0
          ? /<a class="btn [^"]*" href="\/auth">Get Started<\/a>/
          : /href="\/auth">Subscribe Now<\/a>/,
      );
    }
    // Prices as the app writes them (en-AU AUD, per month), under each audience's heading.
    expect(html).toMatch(
      /<section class="stack-lg" aria-labelledby="pricing-business"><h2 id="pricing-business">For businesses<\/h2>[\s\S]*\$49\.00<span class="muted"> \/ month[\s\S]*\$99\.00[\s\S]*aria-labelledby="pricing-agent"><h2 id="pricing-agent">For agents<\/h2>[\s\S]*\$19\.00/,
    );
    expect(html.match(/<p class="plan-price">Free<\/p>/g)).toHaveLength(2);
    expect(html).toContain('<span class="badge badge-default">Most Popular</span>');
    expect(html).toContain(
      '<dt>Is there a refund policy?</dt><dd class="muted">Every paid plan has a 14-day money-back guarantee.</dd>',
    );
  });

  it("preloads the remote of a signed-in area with the shell's page, not on other pages (issue 19)", async () => {
    const dashboard = await (await t.client().request("/business/dashboard")).text();
    expect(dashboard).toContain(
      '<link rel="modulepreload" crossorigin href="/remotes/business/remoteEntry.js">',
    );
    expect(dashboard).toContain(
      '<link rel="modulepreload" crossorigin href="/remotes/business/assets/register-1.js">',
    );
    // The shell's own script starts at once there: no first screen to paint.
    expect(dashboard).toContain('<script type="module" src="/assets/index.js">');
    const settings = await (await t.client().request("/settings/account")).text();
    expect(settings).not.toContain("modulepreload");
  });

  it("shows published content instead of the defaults, and a published blog post at /blog/{slug}", async () => {
    const admin = await anAdmin();
    const post = {
      title: "Tiered rates <for> growth",
      slug: "tiered-rates-for-growth",
      type: "blog",
      content: {
        lead: "Why tiers work.",
        body: "## Tiers\n\n<script>alert(1)</script>Pay more above target.",
        category: "Commission",
      },
      published: true,
      featured: true,
    };
    expect((await admin.request("/api/content", { method: "POST", json: post })).status).toBe(201);
    const blog = await (await t.client().request("/blog")).text();
    expect(blog).toContain('href="/blog/tiered-rates-for-growth"');
    expect(blog).toContain("Tiered rates &lt;for&gt; growth");
    expect(blog).not.toContain("Five habits of agents who close");

    const page = await (await t.client().request("/blog/tiered-rates-for-growth")).text();
    expect(page).toContain("<h2>Tiers</h2>");
    expect(page).not.toContain("<script>alert");
    expect(page).toContain('<meta property="og:type" content="article" />');
    expect(page).toContain("<title>Tiered rates &lt;for&gt; growth | Closr Blog</title>");

    const missing = await (await t.client().request("/blog/no-such-post")).text();
    expect(missing).not.toContain("og:type");

    const sitemap = await t.client().request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain("<loc>http://localhost/about</loc>");
    expect(xml).toContain("<loc>http://localhost/blog/tiered-rates-for-growth</loc>");
  });

  it("answers robots.txt and the four template downloads", async () => {
    const robots = await (await t.client().request("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://localhost/sitemap.xml");
    expect(robots).toContain("Disallow: /api/");
    // The signed-in areas show only the sign-in guard to a crawler; listing them failed the
    // dashboards' Lighthouse SEO audit (issue 19).
    expect(robots).not.toContain("Disallow: /business/");
    const agreement = await t.client().request("/templates/general-commission-agreement.html");
    expect(await agreement.text()).toContain("General Commission Agreement");
    const pdf = await t.client().request("/templates/general-commission-agreement.pdf");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const csv = await (await t.client().request("/templates/commission-calculator.csv")).text();
    expect(csv.split("\r\n")[0]).toBe("Deal,Sale value (AUD),Commission rate (%),Commission (AUD)");
    const calc = await (await t.client().request("/templates/commission-calculator.html")).text();
    expect(calc).toContain('<script src="/templates/commission-calculator.js" defer></script>');
    expect((await t.client().request("/templates/commission-calculator.js")).status).toBe(200);
  });
});

describe("defaults through the API", () => {
  it("answers the built-in careers when none is published and defaults=true, and nothing otherwise", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the contract validator checks the body
    const withDefaults: any = await (
      await t.client().request("/api/content?type=careers&defaults=true")
    ).json();
    expect(withDefaults.items).toHaveLength(4);
    expect(withDefaults.items[0]).toMatchObject({ id: 0, version: 0, type: "careers" });
    expect(withDefaults.items[0].html.description).toContain("<p>");
    // biome-ignore lint/suspicious/noExplicitAny: the contract validator checks the body
    const without: any = await (await t.client().request("/api/content?type=careers")).json();
    expect(without.items).toHaveLength(0);
  });
});
