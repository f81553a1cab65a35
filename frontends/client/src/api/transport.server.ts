/**
 * How the API client sends a request during a server render (issue 47, item 4): to the API of
 * the request being rendered, as that request's `withApiTransport` said. The render's transport
 * travels in the render's own async context (AsyncLocalStorage), never in a module variable, so
 * concurrent renders of two users' pages cannot send one's calls with the other's cookie.
 * Outside a render (unit tests) calls go to `fetch`.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Send = (request: Request) => Promise<Response>;

const renderScope = new AsyncLocalStorage<Send>();

export const sendApiRequest = (request: Request): Promise<Response> =>
  (renderScope.getStore() ?? globalThis.fetch)(request);

/** Runs `render` with every API call it makes (however deep, however late) sent by `send`. */
export function withApiTransport<T>(send: Send, render: () => T): T {
  return renderScope.run(send, render);
}
