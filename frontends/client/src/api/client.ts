/**
 * The API client (same origin, cookies included; openapi-fetch over the contract). Configuration
 * only: no middleware, no cache, nothing kept between calls, so each app's bundled copy of
 * @closr/client may have its own without the apps drifting apart (ADR 0048).
 *
 * Server rendering (ADR 0047): outside a browser a relative URL has no origin, so the client
 * gets a placeholder origin there, and every call goes through `transport`, which the shell's
 * server entry replaces once at start with the API's in-process `app.request` for the current
 * request (cookies and client address forwarded). In the browser `transport` is `fetch` and is
 * never replaced, so the bundled copies still agree.
 */
import { createClosrClient } from "@closr/contracts/client";

const serverOrigin = "http://closr.internal";
let transport: (request: Request) => Promise<Response> = (request) => globalThis.fetch(request);

/** Replaces how API calls are sent (the shell's server entry only; the browser keeps `fetch`). */
export function setApiTransport(send: (request: Request) => Promise<Response>): void {
  transport = send;
}

export const apiClient = createClosrClient(typeof window === "undefined" ? serverOrigin : "", (input, init) =>
  transport(new Request(input, init)),
);
