/** Clock port: the current time, so use cases never read the system clock themselves. */
import { Context, Effect, Layer } from "effect";

export class Clock extends Context.Tag("shared/Clock")<Clock, { readonly now: Effect.Effect<Date> }>() {}

/** The system clock. */
export const ClockLive = Layer.succeed(Clock, { now: Effect.sync(() => new Date()) });

/** A clock fixed at `at` that tests can move with `advance(ms)`. */
export function makeTestClock(at: Date) {
  let current = at.getTime();
  return {
    layer: Layer.succeed(Clock, { now: Effect.sync(() => new Date(current)) }),
    advance: (ms: number) => {
      current += ms;
    },
    set: (date: Date) => {
      current = date.getTime();
    },
  };
}
