/** Pure cryptographic adapters (no database): session tokens. */

export * from "./document-digest.ts";
export * from "./session-tokens.ts";
