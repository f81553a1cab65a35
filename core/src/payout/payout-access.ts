/** Who may use the payout use cases: the caller's own agent profile (ADR 0011). */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { callerProfile } from "../invoice/index.ts";
import { ProfileNotFound, WrongAccountType } from "../profiles/index.ts";
import type { AgentProfileId } from "../shared/index.ts";

/** The caller's agent profile id; WrongAccountType for a business. */
export const callerAgent = Effect.fn("payout.callerAgent")(function* (user: User, action: string) {
  if (user.userType !== "agent") return yield* new WrongAccountType({ required: "agent", action });
  const caller = yield* callerProfile(user);
  if (caller.party !== "agent") return yield* new ProfileNotFound({ kind: "agent" });
  return { agentId: caller.profileId as AgentProfileId, name: caller.name };
});
