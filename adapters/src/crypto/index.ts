/** Pure cryptographic adapters (no database): session tokens, document digests, device cookies. */

export * from "./device-cookies.ts";
export * from "./document-digest.ts";
export * from "./session-tokens.ts";
