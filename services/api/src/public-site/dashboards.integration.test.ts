/**
 * The signed-in dashboards' server-rendered first screen (issue 19, ADR 0033): the caller's own
 * figures and partners in the HTML with the app's script inert until the first interaction;
 * never another user's partners or name; signed out, the other side or no profile yet: the
 * page as before (the app's empty #root).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { anActivePartnership, aTestParty, partyProfile, type TestParty } from "../testing/parties.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let harbour: TestParty;
let other: TestParty;
let mia: TestParty;
let otherAgent: TestParty;
const frontends = mkdtempSync(join(tmpdir(), "closr-frontends-"));

beforeAll(async () => {
  for (const name of ["shell", "business", "agent", "admin"])
    mkdirSync(join(frontends, name, "dist"), { recursive: true });
  writeFileSync(
    join(frontends, "shell", "dist", "index.html"),
    '<!doctype html><html><head><title>Closr: generic</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
  );
  writeFileSync(
    join(frontends, "shell", "dist", "first-screen-styles.json"),
    JSON.stringify({ "closr-profiles-styles": ".profile-card{display:flex}" }),
  );
  t = await createTestApp({ frontendsDir: frontends });
  harbour = await aTestParty(t, "business", {
    username: "dashharbour",
    profile: partyProfile("business", 1),
  });
  other = await aTestParty(t, "business", {
    username: "dashother",
    profile: { companyName: "Secret Widgets Pty" },
  });
  mia = await aTestParty(t, "agent", { username: "dashmia", profile: partyProfile("agent", 1) });
  otherAgent = await aTestParty(t, "agent", {
    username: "dashivy",
    profile: { fullName: "Ivy Hidden", specialization: "Tech Sales", yearsOfExperience: 9 },
  });
  await anActivePartnership(
    t,
    { business: harbour, agent: mia },
    { startDate: new Date("2026-07-17T02:00:00Z") },
  );
  await anActivePartnership(t, { business: other, agent: otherAgent });
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(frontends, { recursive: true, force: true });
});
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

/** The partner rows of a rendered dashboard (the "Active agents" / "Active partners" list). */
const partnerRows = (html: string) => /<ul class="partner-rows"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
/** Each stat tile's value as text (a link's words for a tile whose value is a link). */
const statValues = (html: string) =>
  [...html.matchAll(/<p class="stat-value">(.*?)<\/p>/g)].map((m) => m[1]?.replace(/<[^>]+>/g, ""));

describe("server-rendered dashboards", () => {
  it("draws a business's dashboard with its own figures, partners and matches, app deferred", async () => {
    const res = await harbour.client.request("/business/dashboard");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1 class="page-title">Welcome back, Harbour 1!</h1>');
    expect(statValues(html)).toEqual(["1", "0", "View analytics"]);
    expect(html).toContain('<a class="stat-link" href="/analytics">View analytics</a>');
    expect(partnerRows(html)).toContain('<p class="partner-row-name">Mia Chen 1</p>');
    expect(partnerRows(html)).toContain("Since 17 Jul 2026");
    expect(partnerRows(html)).toContain(`href="/messages?with=${mia.userId}"`);
    // The quick search works without the app: a GET form with the find page's parameters.
    expect(html).toMatch(
      /<form class="quick-search" aria-label="Search agents" method="get" action="\/business\/find-agents">/,
    );
    expect(html).toContain('name="q"');
    // Top matches: agents, and the partner's card says Partner, not Connect.
    expect(html).toContain('aria-label="Partner: Mia Chen 1, open partnerships"');
    expect(html).toContain('aria-label="Connect with Ivy Hidden"');
    // The app waits for an interaction and takes over from the server's page.
    expect(html).toContain('data-server-screen="dashboard"');
    expect(html).toContain('<script type="text/x-closr-deferred" data-src="/assets/index.js"></script>');
    expect(html).toContain('data-start="interaction"');
    expect(html).toContain('<style id="closr-profiles-styles">.profile-card{display:flex}</style>');
    // Another business's name and partners never show.
    expect(html).not.toContain("Secret Widgets Pty");
    expect(partnerRows(html)).not.toContain("Ivy Hidden");
  });

  it("draws an agent's dashboard with their username, partners and monthly commission", async () => {
    const html = await (await mia.client.request("/agent/dashboard")).text();
    expect(html).toContain('<h1 class="page-title">Welcome, dashmia!</h1>');
    expect(html).toContain("Mia Chen 1 · B2B Sales");
    expect(statValues(html)).toEqual(["1", "0", "$0.00"]);
    expect(partnerRows(html)).toContain('<p class="partner-row-name">Harbour 1</p>');
    expect(partnerRows(html)).not.toContain("Secret Widgets Pty");
    expect(html).toMatch(/aria-label="Search businesses" method="get" action="\/agent\/find-businesses"/);
    // The side menu as the agent remote draws it, Payouts after Profile.
    expect(html).toMatch(/<span>Profile<\/span><\/a><\/li><li><a class="side-link" href="\/agent\/payouts">/);
  });

  it("the side menu's Active Agents badge counts the active partnerships, as the dashboard's tile does", async () => {
    const business = await aTestParty(t, "business", {
      username: "dashcount",
      profile: { companyName: "Counting Co" },
    });
    const agents: TestParty[] = [];
    for (let i = 0; i < 5; i++)
      agents.push(
        await aTestParty(t, "agent", { username: `dashcount${i}`, profile: partyProfile("agent", 10 + i) }),
      );
    for (const agent of agents.slice(0, 2)) await anActivePartnership(t, { business, agent });
    // Three pending requests: two waiting on the business, one it sent. None is an active agent.
    for (const [agent, requestedBy] of [
      [agents[2]!, "agent"],
      [agents[3]!, "agent"],
      [agents[4]!, "business"],
    ] as const)
      await t.database.db
        .insertInto("partnerships")
        .values({
          businessId: business.profileId,
          agentId: agent.profileId,
          status: "pending",
          requestedBy,
          commissionRate: 10,
        })
        .execute();
    const html = await (await business.client.request("/business/dashboard")).text();
    expect(statValues(html).slice(0, 2)).toEqual(["2", "3"]);
    expect(html).toContain('aria-label="Active Agents, 2 active"');
    expect(html).not.toMatch(/Active Agents, \d+ pending/);
    // The waiting requests are still named, in the partners panel.
    expect(html).toContain("2 connection requests are waiting for your answer");
  });

  it("leaves the page to the app when signed out, on the other side's dashboard or without a profile", async () => {
    const bare = (html: string) => {
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain("data-server-screen");
      expect(html).not.toContain("Welcome");
    };
    const signedOut = await t.client().request("/business/dashboard");
    expect(signedOut.status).toBe(200);
    bare(await signedOut.text());
    bare(await (await mia.client.request("/business/dashboard")).text());
    bare(await (await harbour.client.request("/agent/dashboard")).text());
    const newcomer = t.client();
    const registered = await newcomer.request("/api/register", {
      method: "POST",
      json: {
        email: "dashnew@example.com",
        username: "dashnew",
        password: "long enough password",
        userType: "business",
      },
    });
    expect(registered.status).toBe(201);
    bare(await (await newcomer.request("/business/dashboard")).text());
  });
});
