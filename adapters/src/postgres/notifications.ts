/**
 * LISTEN for PostgreSQL notifications on an open database, on either driver:
 * postgres.js keeps a dedicated connection per client for LISTEN (re-listening after a
 * reconnect); PGlite delivers NOTIFYs issued on its own in-process instance.
 * openDatabase registers the capability for each handle it opens, so code that holds only
 * the `Db` (a runtime Layer, the SSE hub) can listen without knowing the driver.
 */
import type { Db } from "./database.ts";

/** Stops listening (idempotent). */
export type Unlisten = () => Promise<void>;

/** Starts listening on `channel`; resolves once LISTEN is in effect. Payloads are NOTIFY's text. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>;

const listeners = new WeakMap<Db, Listen>();

/** Called by openDatabase for each handle it opens. */
export function registerListen(db: Db, listen: Listen): void {
  listeners.set(db, listen);
}

/** The LISTEN capability of a database opened with openDatabase; throws for any other Kysely instance. */
export function listenOn(db: Db): Listen {
  const listen = listeners.get(db);
  if (!listen) throw new Error("This database was not opened with openDatabase: it cannot LISTEN.");
  return listen;
}
