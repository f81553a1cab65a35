/**
 * In-memory Layers for identity's ports, for unit tests. Behaviour matches the Postgres
 * adapters: case-insensitive uniqueness for email and username, expiry by time.
 */
import { Effect, Layer, Option } from "effect";
import type { UserId } from "../../shared/ids.ts";
import { AccountRepository } from "../account-ports.ts";
import { type DeviceCookie, DeviceCookies } from "../device-cookies.ts";
import { UsernameTaken } from "../errors.ts";
import { type Session, User } from "../model.ts";
import { PasswordHasher, SessionStore, SessionTokens, UserRepository } from "../ports.ts";

interface StoredUser {
  user: User;
  passwordHash: string;
}

/** A fresh in-memory identity world: repository, sessions, fake hasher and tokens. */
export function makeIdentityMemory() {
  const users: StoredUser[] = [];
  const sessions = new Map<string, Session>();
  let hashCalls = 0;
  let tokenCounter = 0;

  const userRepository = Layer.succeed(UserRepository, {
    insert: (input) =>
      Effect.suspend((): Effect.Effect<User, UsernameTaken> => {
        if (users.some((u) => u.user.username.toLowerCase() === input.username.toLowerCase())) {
          return Effect.fail(new UsernameTaken({ username: input.username }));
        }
        // A taken email is kept unclaimed behind a placeholder, as UserRepositoryPg does (issue 48).
        const taken = users.some((u) => u.user.email === input.email);
        const id = users.length + 1;
        const user = new User({
          id: id as UserId,
          email: taken ? `unclaimed-${id}@unclaimed.closr.invalid` : input.email,
          ...(taken ? { unclaimedEmail: input.email } : {}),
          username: input.username,
          userType: input.userType,
          verificationStatus: "unverified",
          role: "member",
          emailVerified: false,
          createdAt: new Date(0),
        });
        users.push({ user, passwordHash: input.passwordHash });
        return Effect.succeed(user);
      }),
    findCredentials: (login) =>
      Effect.sync(() => {
        const l = login.toLowerCase();
        const found = users.find((u) => u.user.username.toLowerCase() === l || u.user.email === l);
        return Option.fromNullable(found);
      }),
    findUnclaimedCredentials: (email) =>
      Effect.sync(() =>
        users
          .filter((u) => u.user.unclaimedEmail === email)
          .reverse()
          .slice(0, 3),
      ),
    findById: (id) => Effect.sync(() => Option.fromNullable(users.find((u) => u.user.id === id)?.user)),
    setRole: (username, role) =>
      Effect.sync(() => {
        const found = users.find((u) => u.user.username.toLowerCase() === username.toLowerCase());
        if (!found) return Option.none();
        found.user = new User({ ...found.user, role });
        return Option.some(found.user);
      }),
  });

  const passwordHasher = Layer.succeed(PasswordHasher, {
    hash: (password) =>
      Effect.sync(() => {
        hashCalls++;
        return `fake$${password}`;
      }),
    verify: (hash, password) =>
      Effect.sync(() => {
        hashCalls++;
        return hash === `fake$${password}`;
      }),
  });

  const sessionTokens = Layer.succeed(SessionTokens, {
    generate: Effect.sync(() => `token-${++tokenCounter}`),
    hash: (token) => `sha256(${token})`,
  });

  const sessionStore = Layer.succeed(SessionStore, {
    create: (session) => Effect.sync(() => void sessions.set(session.tokenHash, session)),
    findActive: (tokenHash, now) =>
      Effect.sync(() => {
        const session = sessions.get(tokenHash);
        if (!session || session.expiresAt.getTime() <= now.getTime()) return Option.none();
        const user = users.find((u) => u.user.id === session.userId)?.user;
        return user ? Option.some({ session, user }) : Option.none();
      }),
    renew: (tokenHash, expiresAt, renewedAt) =>
      Effect.sync(() => {
        const session = sessions.get(tokenHash);
        if (session) sessions.set(tokenHash, { ...session, expiresAt, renewedAt });
      }),
    remove: (tokenHash) => Effect.sync(() => void sessions.delete(tokenHash)),
    removeExpired: (now) =>
      Effect.sync(() => {
        let removed = 0;
        for (const [hash, s] of sessions) {
          if (s.expiresAt.getTime() <= now.getTime()) {
            sessions.delete(hash);
            removed++;
          }
        }
        return removed;
      }),
  });

  return {
    layer: Layer.mergeAll(userRepository, passwordHasher, sessionTokens, sessionStore),
    users,
    sessions,
    hashCalls: () => hashCalls,
  };
}

/**
 * DeviceCookies without crypto (unit tests): the value is the cookie as JSON plus `.signed`;
 * anything else reads as no cookie. Nonces count up.
 */
export function deviceCookiesFake() {
  let nonces = 0;
  return Layer.succeed(DeviceCookies, {
    nonce: Effect.sync(() => `nonce-${++nonces}-aaaaaaaaaaaaaaaa`),
    sign: (cookie: DeviceCookie) =>
      `${JSON.stringify({ ...cookie, expiresAt: cookie.expiresAt.toISOString() })}.signed`,
    read: (value: string) => {
      if (!value.endsWith(".signed")) return Option.none();
      try {
        const parsed = JSON.parse(value.slice(0, -".signed".length));
        return Option.some({ ...parsed, expiresAt: new Date(parsed.expiresAt) } as DeviceCookie);
      } catch {
        return Option.none();
      }
    },
  });
}

/** A member user (object mother): id, type, email u{id}@example.com, username user{id}. */
export const aUser = (id: number, userType: "business" | "agent", overrides: Partial<User> = {}) =>
  new User({
    id: id as UserId,
    email: `u${id}@example.com`,
    username: `user${id}`,
    userType,
    verificationStatus: "unverified",
    role: "member",
    emailVerified: false,
    createdAt: new Date(0),
    ...overrides,
  });

/**
 * An AccountRepository over the users of a `makeIdentityMemory()` world (`users`, shared, so
 * pushed users count): `passwordHashOf` answers their stored hash, `endSessions` removes their
 * sessions from `sessions` and records the user id in `endedFor`. Any other method dies, so a
 * test that reaches one learns it needs a fuller double.
 */
export function accountRepositoryStub(
  world: Pick<ReturnType<typeof makeIdentityMemory>, "users" | "sessions">,
) {
  const endedFor: UserId[] = [];
  const known = {
    passwordHashOf: (userId: UserId) =>
      Effect.sync(() => Option.fromNullable(world.users.find((u) => u.user.id === userId)?.passwordHash)),
    endSessions: (userId: UserId, keepTokenHash?: string) =>
      Effect.sync(() => {
        endedFor.push(userId);
        let ended = 0;
        for (const [hash, session] of world.sessions)
          if (session.userId === userId && hash !== keepTokenHash) {
            world.sessions.delete(hash);
            ended++;
          }
        return ended;
      }),
  };
  const service = new Proxy(known, {
    get: (target, name) =>
      name in target
        ? target[name as keyof typeof known]
        : () => Effect.die(new Error(`accountRepositoryStub: ${String(name)} is not stubbed`)),
  }) as unknown as AccountRepository["Type"];
  return { layer: Layer.succeed(AccountRepository, service), endedFor };
}
