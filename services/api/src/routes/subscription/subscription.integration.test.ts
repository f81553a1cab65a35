import { setUserPlan } from "@closr/adapters/postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

describe("GET /api/plans", () => {
  it("lists reading B's five plans in AUD; the caller's plan is the free one until they subscribe", async () => {
    const anonymous = await bodyOf(await t.client().request("/api/plans"));
    expect(anonymous.currentPlanId).toBeNull();
    expect(
      anonymous.items.map((p: { id: string; price: number; partnershipLimit: number | null }) => [
        p.id,
        p.price,
        p.partnershipLimit,
      ]),
    ).toEqual([
      ["basic", 0, 3],
      ["professional", 49, 10],
      ["enterprise", 99, null],
      ["agent_basic", 0, 3],
      ["agent_pro", 19, null],
    ]);

    const agent = t.client();
    const res = await agent.request("/api/register", {
      method: "POST",
      json: {
        email: "plans@example.com",
        username: "plans1",
        password: "long enough password",
        userType: "agent",
      },
    });
    const user = await bodyOf(res);
    expect((await bodyOf(await agent.request("/api/plans"))).currentPlanId).toBe("agent_basic");
    await setUserPlan(t.database.db, user.id, "agent_pro");
    expect((await bodyOf(await agent.request("/api/plans"))).currentPlanId).toBe("agent_pro");
  });
});
