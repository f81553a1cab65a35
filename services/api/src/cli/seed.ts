/** pnpm db:seed — creates the demo users (idempotent) and prints their logins. */
import { seedDemoUsers } from "../seed/demo-users.ts";
import { withDatabase } from "./shared.ts";

await withDatabase(async ({ runtime }) => {
  const logins = await seedDemoUsers(runtime);
  for (const login of logins) console.log(`${login.username}\t${login.role}\t${login.password}`);
});
