/**
 * How the API client sends a request, in a browser: `fetch` (same origin, cookies included).
 * The shell's server build resolves `#api-transport` to transport.server.ts instead (the `node`
 * condition in package.json `imports`), where each render brings its own (issue 47, item 4).
 */
export const sendApiRequest = (request: Request): Promise<Response> => globalThis.fetch(request);
