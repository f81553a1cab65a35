/** Hono's per-request variables for this service. */
import type { User } from "@closr/core/identity";
import type { ApiKey } from "@closr/core/integrations";
import type { Logger } from "pino";

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** The signed-in user, or null; resolved from the session cookie for /api requests. */
    user: User | null;
    /** The API key the request authenticated with (issue 20); unset for cookie sessions. */
    apiKey?: ApiKey;
    /** TRUST_PROXY: the proxy's X-Forwarded-* headers are believed (session-cookie.ts, rate limits). */
    trustProxy: boolean;
  };
}
