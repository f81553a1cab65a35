/** The id of the `<script type="application/json">` that carries the server's query cache (ADR 0047). */
export const queryDataId = "closr-query-data";

/** The id of the `<script type="application/json">` listing the deferred components the server drew. */
export const deferredDataId = "closr-deferred";

/** The deferred components the server drew into this page, by name (browser only; [] when none). */
export function drawnDeferred(): string[] {
  return JSON.parse(document.getElementById(deferredDataId)?.textContent ?? "[]") as string[];
}
