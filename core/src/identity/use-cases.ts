/**
 * Identity use cases as Effect programs over the ports: register, login, logout,
 * current user (with sliding renewal) and granting the admin role.
 * Rules: spec §4 (session), §5 (registration, login); docs/architecture.md (sessions).
 */
import { Effect, Option } from "effect";
import { Clock } from "../shared/clock.ts";
import { InvalidCredentials, Unauthenticated, UserNotFound } from "./errors.ts";
import { normalizeEmail, normalizeUsername, sessionPolicy, type User, type UserType } from "./model.ts";
import { PasswordHasher, SessionStore, SessionTokens, UserRepository } from "./ports.ts";

export interface RegisterInput {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly userType: UserType;
  /** The browser's IANA time zone at sign-up (ADR 0059); absent: Australia/Sydney. */
  readonly timeZone?: string | undefined;
  /** The browser's User-Agent, kept with the session. */
  readonly userAgent?: string | undefined;
}

/** A signed-in result: the user and the raw session token for the cookie (never stored). */
export interface SignedIn {
  readonly user: User;
  readonly token: string;
  readonly expiresAt: Date;
}

const startSession = Effect.fn("identity.startSession")(function* (user: User, userAgent?: string) {
  const tokens = yield* SessionTokens;
  const sessions = yield* SessionStore;
  const now = yield* (yield* Clock).now;
  const token = yield* tokens.generate;
  const expiresAt = new Date(now.getTime() + sessionPolicy.idleTimeoutMs);
  yield* sessions.create({
    userId: user.id,
    tokenHash: tokens.hash(token),
    expiresAt,
    renewedAt: now,
    userAgent,
  });
  return { user, token, expiresAt } satisfies SignedIn;
});

/**
 * Registers a user and signs them in. Fails with UsernameTaken (usernames are public handles;
 * checked by the database's unique index, so races lose cleanly). An email that already has an
 * account never fails the sign-up (OWASP Authentication and Forgot Password cheat sheets: the
 * same answer whether or not an account exists; issue 48): the account is created with the
 * address unclaimed (`User.unclaimedEmail`) and its owner is told (`sendVerificationEmail`).
 */
export const register = Effect.fn("identity.register")(function* (input: RegisterInput) {
  const users = yield* UserRepository;
  const hasher = yield* PasswordHasher;
  const passwordHash = yield* hasher.hash(input.password);
  const user = yield* users.insert({
    email: normalizeEmail(input.email),
    username: normalizeUsername(input.username),
    passwordHash,
    userType: input.userType,
    timeZone: input.timeZone,
  });
  return yield* startSession(user, input.userAgent);
});

/** At most this many unclaimed holders of one email are tried at a login by email (issue 48). */
export const unclaimedLoginCandidates = 3;

/**
 * Signs in by username or email. An unknown login still costs one hash so that both
 * failures take about the same time, and both fail with InvalidCredentials.
 * A login by email also tries the accounts that hold that address unclaimed (issue 48), first,
 * so an account signs in by the address it typed at sign-up whether or not the address was
 * taken (OWASP Authentication cheat sheet: nothing may tell an account exists); the owner, who
 * holds the address, is tried last.
 */
export const login = Effect.fn("identity.login")(function* (input: {
  readonly username: string;
  readonly password: string;
  readonly userAgent?: string | undefined;
}) {
  const users = yield* UserRepository;
  const hasher = yield* PasswordHasher;
  const typed = input.username.trim();
  const unclaimed = typed.includes("@") ? yield* users.findUnclaimedCredentials(normalizeEmail(typed)) : [];
  for (const candidate of unclaimed.slice(0, unclaimedLoginCandidates)) {
    if (yield* hasher.verify(candidate.passwordHash, input.password))
      return yield* startSession(candidate.user, input.userAgent);
  }
  const found = yield* users.findCredentials(typed);
  if (Option.isNone(found)) {
    if (unclaimed.length > 0) return yield* new InvalidCredentials();
    yield* hasher.hash(input.password);
    return yield* new InvalidCredentials();
  }
  const ok = yield* hasher.verify(found.value.passwordHash, input.password);
  if (!ok) return yield* new InvalidCredentials();
  return yield* startSession(found.value.user, input.userAgent);
});

/** Ends the session of that token, if any. Never fails. */
export const logout = Effect.fn("identity.logout")(function* (token: string) {
  const tokens = yield* SessionTokens;
  const sessions = yield* SessionStore;
  yield* sessions.remove(tokens.hash(token));
});

/**
 * The user behind a session token. Slides the expiry forward when the last renewal is older
 * than `sessionPolicy.renewAfterMs`; then `renewedUntil` holds the new expiry for the cookie.
 * Fails with Unauthenticated for an unknown or expired token. Untraced (ADR 0043): it runs on
 * every signed-in request, Effect.fn's span costs ~30–45 µs of CPU per call on this box, and no
 * tracer exports spans.
 */
export const currentUser = Effect.fnUntraced(function* (token: string) {
  const tokens = yield* SessionTokens;
  const sessions = yield* SessionStore;
  const now = yield* (yield* Clock).now;
  const tokenHash = tokens.hash(token);
  const found = yield* sessions.findActive(tokenHash, now);
  if (Option.isNone(found)) return yield* new Unauthenticated();
  const { session, user } = found.value;
  if (now.getTime() - session.renewedAt.getTime() < sessionPolicy.renewAfterMs) {
    return { user, renewedUntil: Option.none<Date>() };
  }
  const expiresAt = new Date(now.getTime() + sessionPolicy.idleTimeoutMs);
  yield* sessions.renew(tokenHash, expiresAt, now);
  return { user, renewedUntil: Option.some(expiresAt) };
});

/** Grants the admin role to the user with that username. Fails with UserNotFound. */
export const grantAdmin = Effect.fn("identity.grantAdmin")(function* (username: string) {
  const users = yield* UserRepository;
  const updated = yield* users.setRole(normalizeUsername(username), "admin");
  if (Option.isNone(updated)) return yield* new UserNotFound({ username });
  return updated.value;
});
