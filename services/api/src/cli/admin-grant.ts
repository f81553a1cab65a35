/** pnpm admin:grant <username> — gives that user the admin role (docs/architecture.md). */
import { grantAdmin } from "@closr/core/identity";
import { Effect } from "effect";
import { withDatabase } from "./shared.ts";

const username = process.argv[2];
if (!username) {
  console.error("usage: pnpm admin:grant <username>");
  process.exit(2);
}

await withDatabase(async ({ runtime }) => {
  const result = await runtime.runPromise(Effect.either(grantAdmin(username)));
  if (result._tag === "Left") {
    console.error(`No user named "${username}".`);
    process.exitCode = 1;
    return;
  }
  console.log(`${result.right.username} is now an admin.`);
});
