/** Hono's per-request variables for this service. */
import type { User } from "@closr/core/identity";
import type { Logger } from "pino";

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** The signed-in user, or null; resolved from the session cookie for /api requests. */
    user: User | null;
  };
}
