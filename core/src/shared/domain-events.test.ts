import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { type DomainEvent, DomainEvents, domainEventsFrom, publishEvent } from "./domain-events.ts";
import { aPartnershipFacts, makeDomainEventsRecorder } from "./testing.ts";

const requested: DomainEvent = {
  _tag: "PartnershipRequested",
  partnership: aPartnershipFacts(),
  by: "business",
};

describe("DomainEvents", () => {
  it("drops events when no bus is provided (a context's unit tests need no layer)", async () => {
    await expect(Effect.runPromise(publishEvent(requested))).resolves.toBeUndefined();
  });

  it("hands each event to every subscriber in order", async () => {
    const seen: string[] = [];
    const bus = domainEventsFrom([
      (event) => Effect.sync(() => void seen.push(`bell:${event._tag}`)),
      (event) => Effect.sync(() => void seen.push(`webhooks:${event._tag}`)),
    ]);
    await Effect.runPromise(publishEvent(requested).pipe(Effect.provideService(DomainEvents, bus)));
    expect(seen).toEqual(["bell:PartnershipRequested", "webhooks:PartnershipRequested"]);
  });

  it("a failing subscriber neither fails the publisher nor stops the others", async () => {
    const seen: string[] = [];
    const bus = domainEventsFrom([
      () => Effect.die(new Error("bell down")),
      (event) => Effect.sync(() => void seen.push(event._tag)),
    ]);
    await Effect.runPromise(publishEvent(requested).pipe(Effect.provideService(DomainEvents, bus)));
    expect(seen).toEqual(["PartnershipRequested"]);
  });

  it("the recorder keeps what was published, in order", async () => {
    const recorder = makeDomainEventsRecorder();
    await Effect.runPromise(
      Effect.all([publishEvent(requested), publishEvent({ ...requested, by: "agent" })]).pipe(
        Effect.provide(recorder.layer),
      ),
    );
    expect(recorder.tags()).toEqual(["PartnershipRequested", "PartnershipRequested"]);
    expect(recorder.events.map((event) => (event._tag === "PartnershipRequested" ? event.by : null))).toEqual(
      ["business", "agent"],
    );
  });
});
