/**
 * Builders for the integration tests' parties: a signed-up user with a profile (an agent with
 * enabled payouts when asked), and an active partnership between two of them written directly —
 * the partnership and payout journeys test the real paths. Used by the disputes, payouts,
 * agreements and idempotency integration tests.
 */
import { expect } from "vitest";
import { enablePayouts, type TestApp, type TestClient } from "./test-app.ts";

/** A signed-up user with a profile, signed in on `client`. */
export interface TestParty {
  readonly client: TestClient;
  readonly userId: number;
  readonly username: string;
  readonly email: string;
  readonly profileId: number;
}

/** The usual profile body of party number `n`: "Harbour n", or agent "Mia Chen n" (B2B Sales, 4 years). */
export const partyProfile = (userType: "business" | "agent", n: number): Record<string, unknown> =>
  userType === "business"
    ? { companyName: `Harbour ${n}` }
    : { fullName: `Mia Chen ${n}`, specialization: "B2B Sales", yearsOfExperience: 4 };

/**
 * Registers `username` (email `<username>@example.com`, password "long enough password") through
 * the API, then creates its profile from `profile`; an agent gets an enabled payout account when
 * `payouts` (issue 14: payouts come before the first invoice). Each step is expected to succeed.
 */
export async function aTestParty(
  t: Pick<TestApp, "client" | "database">,
  userType: "business" | "agent",
  options: {
    readonly username: string;
    readonly profile: Record<string, unknown>;
    readonly payouts?: boolean;
  },
): Promise<TestParty> {
  const client = t.client();
  const { username } = options;
  const email = `${username}@example.com`;
  const registered = await client.request("/api/register", {
    method: "POST",
    json: { email, username, password: "long enough password", userType },
  });
  expect(registered.status).toBe(201);
  const userId = ((await registered.json()) as { id: number }).id;
  const profile = await client.request(
    userType === "business" ? "/api/business-profiles" : "/api/agent-profiles",
    { method: "POST", json: options.profile },
  );
  expect(profile.status).toBe(201);
  const profileId = ((await profile.json()) as { id: number }).id;
  if (userType === "agent" && options.payouts) await enablePayouts(t, profileId);
  return { client, userId, username, email, profileId };
}

/**
 * Inserts an active partnership of the two profiles at 10 % commission (requested by the agent
 * and starting now unless said otherwise); resolves with its id.
 */
export async function anActivePartnership(
  t: Pick<TestApp, "database">,
  parties: { readonly business: { profileId: number }; readonly agent: { profileId: number } },
  options: { readonly requestedBy?: "business" | "agent"; readonly startDate?: Date } = {},
): Promise<number> {
  const row = await t.database.db
    .insertInto("partnerships")
    .values({
      businessId: parties.business.profileId,
      agentId: parties.agent.profileId,
      status: "active",
      requestedBy: options.requestedBy ?? "agent",
      commissionRate: 10,
      startDate: options.startDate ?? new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
