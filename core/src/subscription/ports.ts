/** What the subscription context needs from outside (docs/architecture.md: ports as Context.Tag). */
import { Context, type Effect, type Option } from "effect";
import type { PlanId } from "./catalogue.ts";

/** Users' plans as stored: the subscribed plan, or none (the free plan of the user's type). */
export class UserPlans extends Context.Tag("subscription/UserPlans")<
  UserPlans,
  {
    /** The user's plan: the subscribed one, else the free plan of their type; none if no such user. */
    readonly planOf: (userId: number) => Effect.Effect<Option.Option<PlanId>>;
  }
>() {}
