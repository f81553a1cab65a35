/**
 * pnpm db:seed [--agents N] [--businesses M] — demo users (idempotent), their profiles, and
 * generated agents and businesses added on top of those already seeded (default 300 and 100).
 */
import { parseArgs } from "node:util";
import { addGeneratedProfiles, seedDemoProfiles, seedDemoUsers } from "@closr/adapters/seed";
import { withDatabase } from "./shared.ts";

const { values } = parseArgs({
  options: { agents: { type: "string", default: "300" }, businesses: { type: "string", default: "100" } },
});
const agents = Number(values.agents);
const businesses = Number(values.businesses);
if (!Number.isInteger(agents) || agents < 0 || !Number.isInteger(businesses) || businesses < 0) {
  console.error("usage: pnpm db:seed [--agents N] [--businesses M]  (whole numbers)");
  process.exit(2);
}

await withDatabase(async ({ runtime }) => {
  const logins = await seedDemoUsers(runtime);
  for (const login of logins) console.log(`${login.username}\t${login.role}\t${login.password}`);
  await seedDemoProfiles(runtime);
  const started = performance.now();
  const added = await addGeneratedProfiles(runtime, { agents, businesses });
  console.log(
    `added ${added.agents} agents and ${added.businesses} businesses in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});
