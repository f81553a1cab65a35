/**
 * @closr/client/server: what only the shell's server entry uses — `withApiTransport`, which sends
 * one render's API calls to the API in process with that visitor's cookies (issue 47, item 4).
 */
export { withApiTransport } from "./api/transport.server.ts";
