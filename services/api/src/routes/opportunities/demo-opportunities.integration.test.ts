/**
 * The demo opportunities (issue 44 item 5) on a small demo marketplace, read over HTTP as the demo
 * users: Harbour Tech's published, paused and closed opportunities, applications in every state,
 * two approvals with their partnerships and draft agreements, Mia Chen's waiting invitation and
 * her dashboard count; a second run adds nothing.
 */
import {
  seedDemoMarketplace,
  seedDemoOpportunities,
  seedDemoPartnerships,
  seedDemoProfiles,
  seedDemoUsers,
} from "@closr/adapters/seed";
import { describe, expect, it } from "vitest";
import { demoClient } from "../../testing/demo-data.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp(
  {},
  {
    setUp: async (app) => {
      await seedDemoUsers(app.runtime);
      await seedDemoProfiles(app.runtime);
      await seedDemoMarketplace(app.runtime, { agents: 25, businesses: 4 });
      await seedDemoPartnerships(app.runtime);
      await seedDemoOpportunities(app.runtime);
    },
    timeoutMs: 120_000,
  },
);

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

describe("demo opportunities", () => {
  it("Harbour Tech: published, paused and withdrawn; its applicants in every open state and two decided", async () => {
    const harbour = await demoClient(t, "harbourtech");
    const own = await bodyOf(await harbour.request("/api/opportunities/mine"));
    const states = own.items.map((o: { status: string; closedReason: string | null }) =>
      [o.status, o.closedReason].join(":"),
    );
    expect(states.sort()).toEqual(["closed:withdrawn", "paused:", "published:"]);
    const platform = own.items.find((o: { status: string }) => o.status === "published");
    const applicants = await bodyOf(await harbour.request(`/api/opportunities/${platform.id}/applications`));
    expect(applicants.items.map((a: { status: string }) => a.status).sort()).toEqual([
      "declined",
      "interview",
      "shortlisted",
      "submitted",
      "withdrawn",
    ]);
  });

  it("approvals started partnerships with draft agreements; one opportunity closed as filled", async () => {
    const rows = await t.database.db
      .selectFrom("opportunityApplications")
      .select(["status", "partnershipId"])
      .where("status", "=", "approved")
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const agreement = await t.database.db
        .selectFrom("agreements")
        .select("stage")
        .where("partnershipId", "=", row.partnershipId!)
        .executeTakeFirstOrThrow();
      expect(agreement.stage).toBe("draft");
    }
    const filled = await t.database.db
      .selectFrom("opportunities")
      .select("id")
      .where("closedReason", "=", "filled")
      .execute();
    expect(filled).toHaveLength(1);
  });

  it("Mia Chen: a waiting invitation and a shortlisted application, 2 on her dashboard; seeding again adds nothing", async () => {
    const mia = await demoClient(t, "mia.chen");
    const invitations = await bodyOf(await mia.request("/api/invitations"));
    expect(invitations.items.map((i: { status: string }) => i.status)).toEqual(["pending"]);
    const applications = await bodyOf(await mia.request("/api/applications"));
    expect(applications.items.map((a: { status: string }) => a.status)).toEqual(["shortlisted"]);
    expect((await bodyOf(await mia.request("/api/partnerships"))).counts.pendingOpportunities).toBe(2);

    const before = await t.database.db.selectFrom("opportunities").select("id").execute();
    await seedDemoOpportunities(t.runtime);
    expect(await t.database.db.selectFrom("opportunities").select("id").execute()).toHaveLength(
      before.length,
    );
  });
});
