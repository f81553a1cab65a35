import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { BusinessProfileId, PartnershipId } from "../shared/ids.ts";
import { subscriptionPlanStub } from "../subscription/testing/index.ts";
import { getOwnTemplate, saveOwnTemplate } from "./agreement-templates.ts";
import { editDraft, getAgreement, startAgreement } from "./draft-agreement.ts";
import { generalAgreementTemplate } from "./template.ts";
import { anAgreementParties, makeAgreementMemory } from "./testing/index.ts";

const agent = aUser(10, "agent");
const business = aUser(20, "business");
const stranger = aUser(30, "business");
const staff = aUser(40, "business", { role: "admin" });
const active = PartnershipId.make(1);
const pending = PartnershipId.make(2);

const terms = {
  model: { type: "straight", rate: 15 },
  territory: ["sydney"],
  exclusive: false,
  products: "Cloud accounting software subscriptions",
  paymentTermsDays: 14,
  startDate: "2026-11-01",
  endDate: null,
  noticeDays: 30,
};

/** Partnership 1 active, 2 pending; business user 20 on Basic, user 30 on Enterprise. */
const world = () => {
  const memory = makeAgreementMemory([
    anAgreementParties(),
    anAgreementParties({ partnershipId: pending, partnershipStatus: "pending" }),
  ]);
  const layer = Layer.mergeAll(
    memory.layer,
    subscriptionPlanStub({ 30: "enterprise" }),
    makeTestClock(new Date("2026-11-28T00:00:00Z")).layer,
  );
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  return { memory, run };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : undefined);

describe("agreement use cases: reading, starting, drafting, templates", () => {
  it("either party starts a draft on an active partnership; the other edits it", async () => {
    const { run } = world();
    const started = Either.getOrThrow(await run(startAgreement(business, active, terms)));
    expect(started).toMatchObject({
      side: "business",
      agreement: { stage: "draft", draft: { editedBy: "business" } },
    });
    const edited = Either.getOrThrow(await run(editDraft(agent, active, { ...terms, exclusive: true })));
    expect(edited.agreement.draft).toMatchObject({ editedBy: "agent", terms: { exclusive: true } });
  });

  it("AgreementTransitionNotAllowed on a pending partnership and for a second start", async () => {
    const { run } = world();
    expect(leftOf(await run(startAgreement(business, pending, terms)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      reason: "Only an active partnership can have an agreement.",
    });
    await run(startAgreement(business, active, terms));
    expect(leftOf(await run(startAgreement(agent, active, terms)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      reason: "This partnership already has an agreement.",
    });
  });

  it("InvalidAgreementTerms names the field; strangers and staff cannot start (AgreementNotFound)", async () => {
    const { run } = world();
    expect(
      leftOf(await run(startAgreement(business, active, { ...terms, paymentTermsDays: 10 }))),
    ).toMatchObject({
      _tag: "InvalidAgreementTerms",
      errors: [{ field: "paymentTermsDays" }],
    });
    expect(leftOf(await run(startAgreement(stranger, active, terms)))).toMatchObject({
      _tag: "AgreementNotFound",
    });
    expect(leftOf(await run(startAgreement(staff, active, terms)))).toMatchObject({
      _tag: "AgreementNotFound",
    });
  });

  it("parties and staff read the agreement; before a start, or for a stranger, AgreementNotFound", async () => {
    const { run } = world();
    expect(leftOf(await run(getAgreement(agent, active)))).toMatchObject({ _tag: "AgreementNotFound" });
    await run(startAgreement(business, active, terms));
    expect(Either.getOrThrow(await run(getAgreement(staff, active))).side).toBeNull();
    expect(Either.getOrThrow(await run(getAgreement(agent, active))).side).toBe("agent");
    expect(leftOf(await run(getAgreement(stranger, active)))).toMatchObject({ _tag: "AgreementNotFound" });
  });

  it("own templates: everyone reads the general one; saving needs the plan (CustomTemplatesNotIncluded)", async () => {
    const { run, memory } = world();
    expect(Either.getOrThrow(await run(getOwnTemplate(business, BusinessProfileId.make(1))))).toMatchObject({
      template: generalAgreementTemplate,
      custom: false,
      entitled: false,
    });
    expect(
      leftOf(await run(saveOwnTemplate(business, BusinessProfileId.make(1), generalAgreementTemplate))),
    ).toMatchObject({ _tag: "CustomTemplatesNotIncluded" });
    Either.getOrThrow(
      await run(saveOwnTemplate(stranger, BusinessProfileId.make(2), generalAgreementTemplate)),
    );
    expect(memory.templates.size).toBe(1);
  });

  it("an Enterprise business saves its own template, reads it back as custom, and resets it with null", async () => {
    const { run, memory } = world();
    const own = {
      title: "Our agent terms",
      subtitle: "Version {{version}}",
      sections: [{ heading: "Commission", paragraphs: ["{{commission}} in {{territory}}."] }],
    };
    const saved = Either.getOrThrow(await run(saveOwnTemplate(stranger, BusinessProfileId.make(2), own)));
    expect(saved).toEqual({ template: own, custom: true, entitled: true });
    expect(memory.templates.get(2)).toEqual(own);
    expect(Either.getOrThrow(await run(getOwnTemplate(stranger, BusinessProfileId.make(2))))).toMatchObject({
      custom: true,
      template: { title: "Our agent terms" },
    });
    const reset = Either.getOrThrow(await run(saveOwnTemplate(stranger, BusinessProfileId.make(2), null)));
    expect(reset).toEqual({ template: generalAgreementTemplate, custom: false, entitled: true });
    expect(memory.templates.size).toBe(0);
  });

  it("InvalidAgreementTerms on sections for an unknown placeholder; nothing is saved", async () => {
    const { run, memory } = world();
    const result = await run(
      saveOwnTemplate(stranger, BusinessProfileId.make(2), {
        ...generalAgreementTemplate,
        sections: [{ heading: "Pay", paragraphs: ["{{commission}} plus {{bonus}}"] }],
      }),
    );
    expect(leftOf(result)).toMatchObject({
      _tag: "InvalidAgreementTerms",
      errors: [{ field: "sections", message: "Unknown placeholder: {{bonus}}" }],
    });
    expect(memory.templates.size).toBe(0);
  });
});
