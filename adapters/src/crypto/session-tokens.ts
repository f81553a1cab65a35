/** SessionTokens with node:crypto: 256-bit random tokens (base64url), SHA-256 hex hashes. */
import { createHash, randomBytes } from "node:crypto";
import { SessionTokens } from "@closr/core/identity";
import { Effect, Layer } from "effect";

export const SessionTokensCrypto = Layer.succeed(SessionTokens, {
  generate: Effect.sync(() => randomBytes(32).toString("base64url")),
  hash: (token: string) => createHash("sha256").update(token, "utf8").digest("hex"),
});
