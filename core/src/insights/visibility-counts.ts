/** Search appearances and profile views, counted per agent profile and Sydney day (ADR 0014). */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { ProfileStatsCounter } from "./ports.ts";

/**
 * Counts one search page served: one appearance for each agent profile listed. Buffered by the
 * counter (off the request path); a runtime without the counter skips it. Never fails.
 */
export const countSearchAppearances = (agentIds: readonly number[]) =>
  Effect.serviceOption(ProfileStatsCounter).pipe(
    Effect.flatMap((counter) =>
      counter._tag === "Some" && agentIds.length > 0
        ? counter.value.searchAppearances(agentIds)
        : Effect.void,
    ),
    Effect.catchAllCause(() => Effect.void),
  );

/** Counts one view of an agent profile by someone other than its owner. Never fails. */
export const countProfileView = (viewer: User, profile: { readonly id: number; readonly userId: number }) =>
  viewer.id === profile.userId
    ? Effect.void
    : Effect.serviceOption(ProfileStatsCounter).pipe(
        Effect.flatMap((counter) =>
          counter._tag === "Some" ? counter.value.profileView(profile.id) : Effect.void,
        ),
        Effect.catchAllCause(() => Effect.void),
      );
