/**
 * Identity ports. Infrastructure failures are defects (they die), so the error channel
 * carries only domain errors.
 */
import { Context, type Effect, type Option } from "effect";
import type { UserId } from "../shared/ids.ts";
import type { UsernameTaken } from "./errors.ts";
import type { NewUser, Session, User, UserCredentials, UserRole } from "./model.ts";

export class UserRepository extends Context.Tag("identity/UserRepository")<
  UserRepository,
  {
    /**
     * Inserts a user. The email is claimed when no account holds it; when one does (also under a
     * race) the account is stored all the same, with the address as `unclaimedEmail` and an
     * unreachable placeholder as `email` (issue 48). Fails with UsernameTaken on a username clash.
     */
    readonly insert: (user: NewUser) => Effect.Effect<User, UsernameTaken>;
    /** Finds by username (case-insensitive) or email (case-insensitive). */
    readonly findCredentials: (login: string) => Effect.Effect<Option.Option<UserCredentials>>;
    /**
     * The live accounts holding `email` unclaimed (issue 48), newest first, at most
     * `unclaimedLoginCandidates`: they sign in by the address they typed at sign-up, as anyone
     * can, so a login by email does not tell them whether the address was taken.
     */
    readonly findUnclaimedCredentials: (email: string) => Effect.Effect<readonly UserCredentials[]>;
    readonly findById: (id: UserId) => Effect.Effect<Option.Option<User>>;
    /** Sets the role of the user with that username; None when there is no such user. */
    readonly setRole: (username: string, role: UserRole) => Effect.Effect<Option.Option<User>>;
  }
>() {}

export class PasswordHasher extends Context.Tag("identity/PasswordHasher")<
  PasswordHasher,
  {
    /** Hashes a password (argon2id, OWASP parameters, in the live adapter). */
    readonly hash: (password: string) => Effect.Effect<string>;
    /** True when `password` matches `hash`. */
    readonly verify: (hash: string, password: string) => Effect.Effect<boolean>;
  }
>() {}

export class SessionTokens extends Context.Tag("identity/SessionTokens")<
  SessionTokens,
  {
    /** A new random 256-bit token (base64url). */
    readonly generate: Effect.Effect<string>;
    /** The SHA-256 of a token (hex); the only form that is stored. */
    readonly hash: (token: string) => string;
  }
>() {}

export class SessionStore extends Context.Tag("identity/SessionStore")<
  SessionStore,
  {
    readonly create: (session: Session) => Effect.Effect<void>;
    /** The unexpired session with that token hash, with its user. */
    readonly findActive: (
      tokenHash: string,
      now: Date,
    ) => Effect.Effect<Option.Option<{ readonly session: Session; readonly user: User }>>;
    readonly renew: (tokenHash: string, expiresAt: Date, renewedAt: Date) => Effect.Effect<void>;
    readonly remove: (tokenHash: string) => Effect.Effect<void>;
    /** Deletes expired sessions; returns how many. */
    readonly removeExpired: (now: Date) => Effect.Effect<number>;
  }
>() {}
