/** Pure cryptographic adapters (no database): session tokens. */
export * from "./session-tokens.ts";
export * from "./document-digest.ts";
