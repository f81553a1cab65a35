/**
 * PasswordHasher with argon2id, OWASP Password Storage Cheat Sheet parameters
 * (m = 19 MiB, t = 2, p = 1). Hashing runs on libuv's thread pool, off the event loop.
 */
import { PasswordHasher } from "@closr/core/identity";
import argon2 from "argon2";
import { Effect, Layer } from "effect";

export const argon2Options = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export const PasswordHasherArgon2 = Layer.succeed(PasswordHasher, {
  hash: (password: string) => Effect.promise(() => argon2.hash(password, argon2Options)),
  verify: (hash: string, password: string) =>
    Effect.promise(() => argon2.verify(hash, password)).pipe(
      Effect.catchAllDefect(() => Effect.succeed(false)),
    ),
});
