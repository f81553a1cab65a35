/** The id of the `<script type="application/json">` that carries the server's query cache (ADR 0047). */
export const queryDataId = "closr-query-data";
