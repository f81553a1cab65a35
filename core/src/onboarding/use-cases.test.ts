import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { type Clock, makeTestClock } from "../shared/clock.ts";
import type { OnboardingRepository } from "./ports.ts";
import { makeOnboardingMemory } from "./testing/index.ts";
import { finishOnboarding, getOnboarding, recordOnboardingProgress, startOnboarding } from "./use-cases.ts";

const at = new Date("2026-11-28T01:00:00Z");
const agent = aUser(2, "agent");

/** A fresh store and a fixed clock; `run` gives each use case's result as an Either. */
const world = () => {
  const memory = makeOnboardingMemory();
  const layer = Layer.merge(memory.layer, makeTestClock(at).layer);
  const run = <A, E>(effect: Effect.Effect<A, E, OnboardingRepository | Clock>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer)));
  return { memory, run };
};

describe("onboarding use cases", () => {
  it("OnboardingNotFound before the walkthrough starts", async () => {
    const { run } = world();
    const got = await run(getOnboarding(agent));
    expect(Either.isLeft(got) && got.left._tag).toBe("OnboardingNotFound");
  });

  it("starts once with the start time in the metadata; a second start returns the first", async () => {
    const { run } = world();
    const first = await run(startOnboarding(agent, { totalSteps: 5, metadata: { role: "agent" } }));
    expect(Either.getOrThrow(first)).toMatchObject({
      created: true,
      onboarding: { totalSteps: 5, metadata: { role: "agent", timestamp: at.toISOString() } },
    });
    const second = await run(startOnboarding(agent, { totalSteps: 3 }));
    expect(Either.getOrThrow(second)).toMatchObject({ created: false, onboarding: { totalSteps: 5 } });
  });

  it("records Next and Back on a step, and refuses a step outside the walkthrough", async () => {
    const { run } = world();
    await run(startOnboarding(agent, { totalSteps: 3 }));
    const next = Either.getOrThrow(await run(recordOnboardingProgress(agent, { step: 0, completed: true })));
    expect(next).toMatchObject({
      status: "in_progress",
      currentStep: 1,
      completedSteps: [0],
      lastUpdated: at,
    });
    const back = Either.getOrThrow(await run(recordOnboardingProgress(agent, { step: 0, completed: false })));
    expect(back).toMatchObject({ currentStep: 0, completedSteps: [] });
    const outside = await run(recordOnboardingProgress(agent, { step: 3, completed: true }));
    expect(Either.isLeft(outside) && outside.left).toMatchObject({
      _tag: "InvalidOnboardingStep",
      step: 3,
      totalSteps: 3,
    });
  });

  it("progress before a start is OnboardingNotFound", async () => {
    const { run } = world();
    const got = await run(recordOnboardingProgress(agent, { step: 0, completed: true }));
    expect(Either.isLeft(got) && got.left._tag).toBe("OnboardingNotFound");
  });

  it("finishing completes every step; dismissing before any save creates the record, marked dismissed", async () => {
    const finished = world();
    await finished.run(startOnboarding(agent, { totalSteps: 2 }));
    expect(
      Either.getOrThrow(await finished.run(finishOnboarding(agent, { dismissed: false, totalSteps: 2 }))),
    ).toMatchObject({
      status: "completed",
      completedSteps: [0, 1],
      completedAt: at,
    });
    const dismissed = world();
    const got = Either.getOrThrow(
      await dismissed.run(finishOnboarding(agent, { dismissed: true, totalSteps: 4 })),
    );
    expect(got).toMatchObject({
      status: "completed",
      totalSteps: 4,
      completedSteps: [],
      metadata: { dismissed: true },
    });
    expect(dismissed.memory.rows.size).toBe(1);
  });
});
