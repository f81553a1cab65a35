/** AbnRegistry adapters: the local table (default) and the ABR web service (ABR_GUID). */
export * from "./abn-registry-abr.ts";
export * from "./abn-registry-local.ts";
