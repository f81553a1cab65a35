/**
 * The API client (same origin, cookies included; openapi-fetch over the contract). Configuration
 * only: no middleware, no cache, nothing kept between calls, so each app's bundled copy of
 * @closr/client may have its own without the apps drifting apart (ADR 0048).
 *
 * Server rendering: outside a browser a relative URL has no origin, so the client gets a
 * placeholder origin there, and every call goes through `#api-transport`: `fetch` in a browser,
 * and in the shell's server build the transport of the render in progress (transport.server.ts,
 * set per render by `withApiTransport` from `@closr/client/server`; issue 47, item 4).
 */
import { createClosrClient } from "@closr/contracts/client";
import { sendApiRequest } from "#api-transport";

const serverOrigin = "http://closr.internal";

export const apiClient = createClosrClient(typeof window === "undefined" ? serverOrigin : "", (input, init) =>
  sendApiRequest(new Request(input, init)),
);
