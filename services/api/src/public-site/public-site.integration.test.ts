/**
 * The public site's server side (issue 16, ADR 0047): pages rendered by the shell's server entry
 * (here a stand-in with the same exports at the default path), its status, redirects and the
 * in-process API calls with the visitor's cookie; the bare index.html with the page's title
 * where the entry does not render; /sitemap.xml, /robots.txt and the /templates/* downloads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

const fakeEntry = `
export const rendersOnServer = (path) => !/^\\/(agent|admin|settings)(\\/|$)/.test(path);
export const acceptsForm = (path) => path === "/auth";
export async function render({ url, headers, clientAddress, api, template, remoteServerEntry, form }) {
  const path = new URL(url).pathname;
  if (form) {
    // As the shell's form-posts.ts: the JSON login, in process, with the visitor's headers.
    const login = await api(new Request(new URL("/api/login", url), {
      method: "POST",
      headers: { "content-type": "application/json", origin: headers.get("origin") ?? "" },
      body: JSON.stringify({ username: form.username, password: form.password }),
    }));
    if (login.ok) return { kind: "redirect", status: 303, location: "/business/dashboard", setCookies: login.headers.getSetCookie() };
    const refused = await login.json();
    return { kind: "page", status: login.status, html: template.replace('<div id="root"></div>', '<div id="root"><p role="alert">' + refused.title + '</p><input value="' + form.username + '"></div>') };
  }
  if (path === "/go-away") return { kind: "redirect", status: 302, location: "/auth" };
  if (path === "/boom") throw new Error("the render failed");
  const session = await (await api(new Request(new URL("/api/session", url), { headers }))).json();
  const remotes = ["business", "agent", "admin"].map((name) => name + "=" + (remoteServerEntry?.(name) ?? "")).join(" ");
  const body = '<p data-user="' + (session.user?.username ?? "") + '" data-address="' + (clientAddress ?? "") + '" data-remotes="' + remotes + '">' + path + "</p>";
  return { kind: "page", status: path === "/missing" ? 404 : 200, html: template.replace('<div id="root"></div>', '<div id="root">' + body + "</div>") };
}
`;

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
      exposes: [
        {
          name: "register",
          assets: {
            js: { sync: ["assets/register-1.js"], async: [] },
            css: { sync: ["assets/register-1.css"], async: [] },
          },
        },
      ],
    }),
  );
  // Server bundles (ADR 0053) of the business remote (served here) and the agent remote (not in
  // this server's /remotes.json).
  for (const name of ["business", "agent"]) {
    mkdirSync(join(frontends, name, "dist-server"), { recursive: true });
    writeFileSync(join(frontends, name, "dist-server", "register.cjs"), "exports.default = () => ({});");
  }
  // A stand-in for frontends/shell/dist-server/entry-server.js (the real one is the shell's
  // build; the end-to-end journeys use it): it asks the API who is signed in, in process.
  mkdirSync(join(frontends, "shell", "dist-server"), { recursive: true });
  writeFileSync(join(frontends, "shell", "dist-server", "entry-server.js"), fakeEntry);
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

describe("pages served through the shell's server entry", () => {
  it("serves the page the shell's server entry renders, with the visitor's session read in process", async () => {
    const visitor = await t.client().request("/about");
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await visitor.text();
    expect(html).toContain('<div id="root"><p data-user="" data-address="');
    expect(html).toContain('<script type="module" src="/assets/index.js">');

    const client = t.client();
    const registered = await client.request("/api/register", {
      method: "POST",
      json: {
        email: "ssr-reader@example.com",
        username: "ssrreader",
        password: "long enough password",
        userType: "agent",
      },
    });
    expect(registered.status).toBe(201);
    expect(await (await client.request("/about")).text()).toContain('data-user="ssrreader"');
  });

  it("passes on the entry's status and redirects; a failed render falls back to the bare page", async () => {
    expect((await t.client().request("/missing")).status).toBe(404);
    const away = await t.client().request("/go-away", { redirect: "manual" });
    expect(away.status).toBe(302);
    expect(away.headers.get("location")).toBe("/auth");
    const failed = await t.client().request("/boom");
    expect(failed.status).toBe(404); // not a page of the app's table
    expect(await failed.text()).toContain('<div id="root"></div>');
  });

  it("serves pages the entry does not render as the bare index.html with the page's own title", async () => {
    const settings = await t.client().request("/settings/account");
    expect(settings.status).toBe(200);
    const html = await settings.text();
    expect(html).toContain("<title>Account Settings | Closr</title>");
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("closr-query-data");
  });

  it("keeps a page rendered with a session out of every cache; a signed-out page stays no-cache (ADR 0051)", async () => {
    const visitor = await t.client().request("/about");
    expect(visitor.headers.get("cache-control")).toBe("no-cache");
    const client = t.client();
    await client.request("/api/register", {
      method: "POST",
      json: {
        email: "private-page@example.com",
        username: "privatepage",
        password: "long enough password",
        userType: "business",
      },
    });
    for (const path of ["/about", "/business/dashboard"]) {
      const page = await client.request(path);
      expect(page.headers.get("cache-control"), path).toBe("private, no-store");
      expect(await page.text(), path).toContain('data-user="privatepage"');
    }
  });

  it("answers a page's form posted before the app hydrated with the page again (303), sending nothing", async () => {
    const res = await t.client().request("/about?tab=x", {
      method: "POST",
      body: "username=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/about?tab=x");
  });

  it("does a log in posted before hydration: the JSON login's session cookie, then 303 to the dashboard (issue 46)", async () => {
    await t.client().request("/api/register", {
      method: "POST",
      json: {
        email: "form-post@example.com",
        username: "formpost",
        password: "long enough password",
        userType: "business",
      },
    });
    const visitor = t.client();
    const refused = await visitor.request("/auth", {
      method: "POST",
      body: "form=login&username=formpost&password=wrong+password",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      redirect: "manual",
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await refused.text()).toContain(
      '<p role="alert">Invalid username or password</p><input value="formpost">',
    );
    expect(visitor.cookies.size).toBe(0);

    const res = await visitor.request("/auth", {
      method: "POST",
      body: "form=login&username=formpost&password=long+enough+password",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/business/dashboard");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const session = await (await visitor.request("/api/session")).json();
    expect(session.user?.username).toBe("formpost");
  });

  it("refuses a log in form posted from another site before anything is done (the Origin check)", async () => {
    const visitor = t.client();
    const res = await visitor.request("/auth", {
      method: "POST",
      body: "form=login&username=formpost&password=long+enough+password",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { type: string }).type).toBe("/problems/origin-rejected");
    expect(visitor.cookies.size).toBe(0);
  });

  it("preloads the remote of a signed-in area with its rendered page, not on other pages (issue 19, ADR 0051)", async () => {
    const dashboard = await (await t.client().request("/business/dashboard")).text();
    expect(dashboard).toContain('<div id="root"><p data-user=""'); // rendered by the entry
    expect(dashboard).toContain(
      '<link rel="modulepreload" crossorigin href="/remotes/business/remoteEntry.js">',
    );
    expect(dashboard).toContain(
      '<link rel="modulepreload" crossorigin href="/remotes/business/assets/register-1.js">',
    );
    // The shell's own script starts at once there: no first screen to paint.
    expect(dashboard).toContain('<script type="module" src="/assets/index.js">');
    // The remote's stylesheet, so a page the server drew with the remote is styled at once (ADR 0053).
    expect(dashboard).toMatch(
      /<link rel="stylesheet" href="\/remotes\/business\/assets\/register-1\.css">.*<\/head>/s,
    );
    const settings = await (await t.client().request("/settings/account")).text();
    expect(settings).not.toContain("modulepreload");
    expect(settings).not.toContain("register-1.css");
  });

  it("hands the entry a remote's server bundle only for a remote served here whose bundle exists (ADR 0053)", async () => {
    const dashboard = await (await t.client().request("/business/dashboard")).text();
    const remotes = /data-remotes="([^"]*)"/.exec(dashboard)?.[1]?.split(" ");
    expect(remotes?.[0]).toBe(`business=${join(frontends, "business", "dist-server", "register.cjs")}`);
    // The agent remote's bundle exists but /remotes.json does not name this server for it; admin has none.
    expect(remotes?.slice(1)).toEqual(["agent=", "admin="]);
  });

  it("lists published content in /sitemap.xml", async () => {
    const admin = await anAdmin();
    const post = {
      title: "Tiered rates for growth",
      slug: "tiered-rates-for-growth",
      type: "blog",
      content: { lead: "Why tiers work.", body: "## Tiers", category: "Commission" },
      published: true,
      featured: true,
    };
    expect((await admin.request("/api/content", { method: "POST", json: post })).status).toBe(201);
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
