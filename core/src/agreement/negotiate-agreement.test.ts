import { describe, expect, it } from "vitest";
import { PartnershipId } from "../shared/ids.ts";
import { editDraft, startAgreement } from "./draft-agreement.ts";
import { canonicalDocument } from "./model.ts";
import { amendAgreement, counterAgreement, proposeAgreement } from "./negotiate-agreement.ts";
import { signAgreement } from "./sign-agreement.ts";
import { agreementCast, agreementWorld, leftOf, someTerms } from "./testing/world.ts";

const { agent, business, stranger, staff, active, password } = agreementCast;
const signing = { password, ipAddress: "203.0.113.7", userAgent: "vitest" };

describe("editDraft", () => {
  it("AgreementNotFound for a stranger, staff and a partnership that does not exist", async () => {
    const { run, ok } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    for (const [user, id] of [
      [stranger, active],
      [staff, active],
      [agent, PartnershipId.make(99)],
    ] as const)
      expect(leftOf(await run(editDraft(user, id, someTerms)))).toMatchObject({
        _tag: "AgreementNotFound",
        partnershipId: id,
      });
  });

  it("InvalidAgreementTerms names each field at fault and leaves the draft as it was", async () => {
    const { run, ok, memory } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    expect(
      leftOf(await run(editDraft(agent, active, { ...someTerms, territory: [], noticeDays: 400 }))),
    ).toMatchObject({
      _tag: "InvalidAgreementTerms",
      errors: [
        { field: "territory", message: "Choose at least one territory" },
        { field: "noticeDays", message: "Notice period must be 0–365 days" },
      ],
    });
    expect(memory.agreements[0]?.draft).toMatchObject({ editedBy: "business", terms: someTerms });
  });

  it("AgreementTransitionNotAllowed once the draft is proposed", async () => {
    const { run, ok } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    await ok(proposeAgreement(business, active));
    expect(leftOf(await run(editDraft(agent, active, someTerms)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      from: "proposed",
      event: "edit",
      reason: "Only a draft can be edited.",
    });
  });
});

describe("proposeAgreement", () => {
  it("freezes the draft as version 1 with its document's digest, publishes the step and emails the other party", async () => {
    const { ok, memory, events, mailer } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    const { agreement, side } = await ok(proposeAgreement(business, active));
    expect(side).toBe("business");
    expect(agreement).toMatchObject({ stage: "proposed", draft: null });
    const [version] = memory.agreements[0]?.versions ?? [];
    expect(version).toMatchObject({
      number: 1,
      status: "proposed",
      proposedBy: "business",
      terms: someTerms,
      signatures: [],
    });
    expect(version?.documentSha256).toBe(`sha256:${canonicalDocument(version!.document).length}`);
    const text = version?.document.sections.flatMap((s) => s.paragraphs).join("\n");
    expect(text).toContain("Harbour Tech");
    expect(text).toContain("Mia Chen");
    expect(text).toContain("28 November 2026");
    expect(events.events).toMatchObject([
      { _tag: "AgreementStepTaken", by: "business", step: { kind: "proposed", version: 1 } },
    ]);
    expect(mailer.sent).toMatchObject([
      {
        to: "u10@example.com",
        subject: "Harbour Tech proposed a commission agreement (version 1)",
        action: { url: "https://closr.test/agent/current-partners/1/agreement" },
      },
    ]);
  });

  it("renders from the business's own template when it has one", async () => {
    const { ok, memory } = agreementWorld();
    memory.templates.set(1, {
      title: "Harbour Tech agent terms",
      subtitle: "v{{version}}",
      sections: [{ heading: "Pay", paragraphs: ["{{commission}}"] }],
    });
    await ok(startAgreement(agent, active, someTerms));
    await ok(proposeAgreement(agent, active));
    expect(memory.agreements[0]?.versions[0]?.document).toMatchObject({
      title: "Harbour Tech agent terms",
      subtitle: "v1",
    });
  });

  it("AgreementTransitionNotAllowed when already proposed, or a draft stage holds no draft", async () => {
    const { run, ok, memory, events } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    await ok(proposeAgreement(business, active));
    expect(leftOf(await run(proposeAgreement(agent, active)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      from: "proposed",
      event: "propose",
      reason: "Only a draft can be proposed.",
    });
    const stored = memory.agreements[0]!;
    memory.agreements[0] = { ...stored, stage: "draft", draft: null };
    expect(leftOf(await run(proposeAgreement(agent, active)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      reason: "There is no draft to propose.",
    });
    expect(memory.agreements[0]?.versions).toHaveLength(1);
    expect(events.tags()).toEqual(["AgreementStepTaken"]);
  });

  it("AgreementNotFound before a start and for a stranger", async () => {
    const { run, ok } = agreementWorld();
    expect(leftOf(await run(proposeAgreement(business, active)))).toMatchObject({
      _tag: "AgreementNotFound",
    });
    await ok(startAgreement(business, active, someTerms));
    expect(leftOf(await run(proposeAgreement(stranger, active)))).toMatchObject({
      _tag: "AgreementNotFound",
    });
  });
});

describe("counterAgreement", () => {
  it("the receiving party sends the proposal back: version countered, its terms the new draft", async () => {
    const { ok, memory, events } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    await ok(proposeAgreement(business, active));
    const { agreement } = await ok(counterAgreement(agent, active));
    expect(agreement).toMatchObject({ stage: "draft", draft: { editedBy: "agent", terms: someTerms } });
    expect(memory.agreements[0]?.versions.map((v) => [v.number, v.status])).toEqual([[1, "countered"]]);
    expect(events.events.at(-1)).toMatchObject({ by: "agent", step: { kind: "countered" } });
  });

  it("the next proposal is version 2", async () => {
    const { ok, memory } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    await ok(proposeAgreement(business, active));
    await ok(counterAgreement(agent, active));
    await ok(editDraft(agent, active, { ...someTerms, model: { type: "straight", rate: 18 } }));
    await ok(proposeAgreement(agent, active));
    expect(memory.agreements[0]?.versions.map((v) => [v.number, v.status, v.proposedBy])).toEqual([
      [2, "proposed", "agent"],
      [1, "countered", "business"],
    ]);
  });

  it("AgreementTransitionNotAllowed for the proposer and on a draft; AgreementNotFound for a stranger", async () => {
    const { run, ok } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    expect(leftOf(await run(counterAgreement(agent, active)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      from: "draft",
      event: "counter",
      reason: "Only a proposed agreement can be countered.",
    });
    await ok(proposeAgreement(business, active));
    expect(leftOf(await run(counterAgreement(business, active)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      reason: "Only the party who received the proposal can counter it.",
    });
    expect(leftOf(await run(counterAgreement(stranger, active)))).toMatchObject({
      _tag: "AgreementNotFound",
    });
  });
});

describe("amendAgreement", () => {
  it("a signed agreement goes back to draft from the terms in force, which stay signed", async () => {
    const { ok, memory } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    await ok(proposeAgreement(business, active));
    await ok(signAgreement(business, active, { ...signing, version: 1 }));
    await ok(signAgreement(agent, active, { ...signing, version: 1 }));
    const { agreement } = await ok(amendAgreement(agent, active));
    expect(agreement).toMatchObject({ stage: "draft", draft: { editedBy: "agent", terms: someTerms } });
    expect(memory.agreements[0]?.versions.map((v) => v.status)).toEqual(["signed"]);
  });

  it("AgreementTransitionNotAllowed unless signed; AgreementNotFound for a stranger", async () => {
    const { run, ok } = agreementWorld();
    await ok(startAgreement(business, active, someTerms));
    expect(leftOf(await run(amendAgreement(business, active)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      from: "draft",
      event: "amend",
      reason: "Only a signed agreement can be amended.",
    });
    expect(leftOf(await run(amendAgreement(stranger, active)))).toMatchObject({ _tag: "AgreementNotFound" });
  });
});
