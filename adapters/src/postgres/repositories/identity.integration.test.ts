import { SessionStore, UsernameTaken, UserRepository } from "@closr/core/identity";
import type { UserId } from "@closr/core/shared";
import { Effect, Exit, Layer, Option } from "effect";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabaseFrom } from "../database-service.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { SessionStorePg, UserRepositoryPg } from "./identity.ts";

let database: TestDatabase;
let layer: Layer.Layer<UserRepository | SessionStore>;

beforeAll(async () => {
  database = await createTestDatabase();
  layer = Layer.mergeAll(UserRepositoryPg, SessionStorePg).pipe(Layer.provide(PgDatabaseFrom(database.db)));
});
afterAll(() => database?.dispose());

const run = <A, E>(effect: Effect.Effect<A, E, UserRepository | SessionStore>) =>
  Effect.runPromiseExit(Effect.provide(effect, layer));

const newUser = (n: string) => ({
  email: `${n.toLowerCase()}@example.com`,
  username: n,
  passwordHash: "$argon2id$stub",
  userType: "agent" as const,
});

describe("UserRepositoryPg", () => {
  it("inserts with defaults and finds by case-insensitive username or email", async () => {
    const inserted = await run(Effect.flatMap(UserRepository, (r) => r.insert(newUser("Zoe"))));
    expect(Exit.isSuccess(inserted)).toBe(true);
    if (!Exit.isSuccess(inserted)) return;
    expect(inserted.value).toMatchObject({
      username: "Zoe",
      verificationStatus: "unverified",
      role: "member",
    });
    expect(inserted.value.createdAt).toBeInstanceOf(Date);

    for (const login of ["zoe", "ZOE", "zoe@example.com"]) {
      const found = await run(Effect.flatMap(UserRepository, (r) => r.findCredentials(login)));
      expect(Exit.isSuccess(found) && Option.isSome(found.value) && found.value.value.user.id).toBe(
        inserted.value.id,
      );
    }
  });

  it("keeps a taken email unclaimed (issue 48) and maps a username clash to UsernameTaken, even for concurrent inserts", async () => {
    await run(Effect.flatMap(UserRepository, (r) => r.insert(newUser("sam"))));
    const email = await run(
      Effect.flatMap(UserRepository, (r) => r.insert({ ...newUser("sam2"), email: "sam@example.com" })),
    );
    expect(Exit.isSuccess(email)).toBe(true);
    if (Exit.isSuccess(email)) {
      expect(email.value.unclaimedEmail).toBe("sam@example.com");
      expect(email.value.email).toMatch(/^unclaimed-[0-9a-f-]+@unclaimed\.closr\.invalid$/);
    }
    // Only the owner is found by that email.
    const owner = await run(Effect.flatMap(UserRepository, (r) => r.findCredentials("sam@example.com")));
    expect(Exit.isSuccess(owner) && Option.getOrNull(owner.value)?.user.username).toBe("sam");
    const name = await run(
      Effect.flatMap(UserRepository, (r) => r.insert({ ...newUser("SAM"), email: "x@example.com" })),
    );
    expect(Exit.isFailure(name) && JSON.stringify(name.cause)).toContain("UsernameTaken");

    const racers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run(
          Effect.flatMap(UserRepository, (r) =>
            r.insert({ ...newUser("race"), email: `race${i}@example.com` }),
          ),
        ),
      ),
    );
    expect(racers.filter(Exit.isSuccess)).toHaveLength(1);
    for (const exit of racers.filter(Exit.isFailure)) {
      expect(Exit.isFailure(exit) && exit.cause._tag === "Fail" && exit.cause.error).toBeInstanceOf(
        UsernameTaken,
      );
    }
    const emailRacers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run(
          Effect.flatMap(UserRepository, (r) =>
            r.insert({ ...newUser(`racer${i}`), email: "racer@example.com" }),
          ),
        ),
      ),
    );
    // Every racer gets an account; exactly one holds the address (users_email_key).
    expect(emailRacers.filter(Exit.isSuccess)).toHaveLength(8);
    const holders = emailRacers.filter(
      (exit) => Exit.isSuccess(exit) && exit.value.email === "racer@example.com",
    );
    expect(holders).toHaveLength(1);
    const unclaimed = emailRacers.filter(
      (exit) => Exit.isSuccess(exit) && exit.value.unclaimedEmail === "racer@example.com",
    );
    expect(unclaimed).toHaveLength(7);
  });

  it("setRole grants admin and answers None for an unknown username", async () => {
    await run(Effect.flatMap(UserRepository, (r) => r.insert(newUser("ada"))));
    const granted = await run(Effect.flatMap(UserRepository, (r) => r.setRole("ADA", "admin")));
    expect(Exit.isSuccess(granted) && Option.getOrNull(granted.value)?.role).toBe("admin");
    const none = await run(Effect.flatMap(UserRepository, (r) => r.setRole("nobody", "admin")));
    expect(Exit.isSuccess(none) && Option.isNone(none.value)).toBe(true);
  });

  it("the database keeps one account per email: users_email_key refuses a second, whatever the code does", async () => {
    await run(Effect.flatMap(UserRepository, (r) => r.insert(newUser("uniq"))));
    await expect(
      sql`INSERT INTO users (email, username, password_hash, user_type) VALUES ('uniq@example.com', 'uniq2', 'x', 'agent')`.execute(
        database.db,
      ),
    ).rejects.toThrow(/users_email_key|unique/);
    await expect(
      sql`INSERT INTO users (email, username, password_hash, user_type, unclaimed_email) VALUES ('u3@example.com', 'uniq3', 'x', 'agent', 'Uniq@example.com')`.execute(
        database.db,
      ),
    ).rejects.toThrow();
  });

  it("the database refuses what the domain refuses: bad enums, upper-case emails", async () => {
    await expect(
      sql`INSERT INTO users (email, username, password_hash, user_type) VALUES ('a@b.co', 'abc', 'x', 'admin')`.execute(
        database.db,
      ),
    ).rejects.toThrow();
    await expect(
      sql`INSERT INTO users (email, username, password_hash, user_type) VALUES ('A@B.co', 'abcd', 'x', 'agent')`.execute(
        database.db,
      ),
    ).rejects.toThrow();
  });
});

describe("SessionStorePg", () => {
  it("finds active sessions with their user, renews, expires and removes them", async () => {
    const user = await run(Effect.flatMap(UserRepository, (r) => r.insert(newUser("kai"))));
    if (!Exit.isSuccess(user)) throw new Error("setup");
    const now = new Date("2026-06-01T00:00:00Z");
    const tokenHash = "a".repeat(64);
    await run(
      Effect.flatMap(SessionStore, (s) =>
        s.create({
          userId: user.value.id as UserId,
          tokenHash,
          expiresAt: new Date(now.getTime() + 1000),
          renewedAt: now,
        }),
      ),
    );
    const found = await run(Effect.flatMap(SessionStore, (s) => s.findActive(tokenHash, now)));
    expect(Exit.isSuccess(found) && Option.getOrNull(found.value)?.user.username).toBe("kai");

    const later = new Date(now.getTime() + 2000);
    const expired = await run(Effect.flatMap(SessionStore, (s) => s.findActive(tokenHash, later)));
    expect(Exit.isSuccess(expired) && Option.isNone(expired.value)).toBe(true);

    await run(
      Effect.flatMap(SessionStore, (s) => s.renew(tokenHash, new Date(later.getTime() + 1000), later)),
    );
    const renewed = await run(Effect.flatMap(SessionStore, (s) => s.findActive(tokenHash, later)));
    expect(Exit.isSuccess(renewed) && Option.isSome(renewed.value)).toBe(true);

    const removedCount = await run(
      Effect.flatMap(SessionStore, (s) => s.removeExpired(new Date(later.getTime() + 5000))),
    );
    expect(Exit.isSuccess(removedCount) && removedCount.value).toBeGreaterThanOrEqual(1);
    const gone = await run(Effect.flatMap(SessionStore, (s) => s.findActive(tokenHash, later)));
    expect(Exit.isSuccess(gone) && Option.isNone(gone.value)).toBe(true);
  });
});
