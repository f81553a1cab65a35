import { describe, expect, it } from "vitest";
import { agreementPdf } from "./agreement-documents.ts";
import { startAgreement } from "./draft-agreement.ts";
import { proposeAgreement } from "./negotiate-agreement.ts";
import { endAgreementWithPartnership, signAgreement } from "./sign-agreement.ts";
import { agreementCast, agreementWorld, leftOf, someTerms } from "./testing/world.ts";

const { agent, business, stranger, staff, active, password } = agreementCast;
const signing = { version: 1, password, ipAddress: "203.0.113.7", userAgent: "vitest" };

/** A world whose agreement on partnership 1 is proposed (version 1, by the business). */
const proposed = async () => {
  const world = agreementWorld();
  await world.ok(startAgreement(business, active, someTerms));
  await world.ok(proposeAgreement(business, active));
  world.mailer.sent.length = 0;
  world.events.events.length = 0;
  return world;
};

describe("signAgreement", () => {
  it("the first signature records the consent and tells the other party; nothing is binding yet", async () => {
    const { ok, memory, mailer, events } = await proposed();
    const { agreement } = await ok(signAgreement(agent, active, { ...signing, userAgent: "x".repeat(600) }));
    expect(agreement.stage).toBe("proposed");
    const version = memory.agreements[0]?.versions[0];
    expect(version?.signedAt).toBeNull();
    expect(version?.signatures).toEqual([
      {
        party: "agent",
        userId: 10,
        signerName: "Mia Chen",
        signedAt: new Date("2026-11-28T00:00:00Z"),
        ipAddress: "203.0.113.7",
        userAgent: "x".repeat(500),
        documentSha256: version?.documentSha256,
      },
    ]);
    expect(memory.commissionRates.size).toBe(0);
    expect(events.events).toMatchObject([
      { by: "agent", step: { kind: "signed", version: 1, binding: false } },
    ]);
    expect(mailer.sent).toMatchObject([
      { to: "u20@example.com", subject: "Mia Chen signed version 1 of your commission agreement" },
    ]);
  });

  it("the second signature makes it binding: stage signed, the rate follows, the other party is told it is in force", async () => {
    const { ok, memory, mailer, events } = await proposed();
    await ok(signAgreement(agent, active, signing));
    const { agreement } = await ok(signAgreement(business, active, signing));
    expect(agreement.stage).toBe("signed");
    const version = memory.agreements[0]?.versions[0];
    expect(version).toMatchObject({ status: "signed", signedAt: new Date("2026-11-28T00:00:00Z") });
    expect(version?.signatures.map((s) => s.party)).toEqual(["agent", "business"]);
    expect(memory.commissionRates.get(active)).toBe(15);
    expect(events.events.at(-1)).toMatchObject({ step: { kind: "signed", version: 1, binding: true } });
    expect(mailer.sent.at(-1)).toMatchObject({
      to: "u10@example.com",
      subject: "Your commission agreement with Harbour Tech is signed",
    });
  });

  it("SignaturePasswordIncorrect for a wrong password and for an account without one; nothing is signed", async () => {
    const { run, identity, memory } = await proposed();
    expect(leftOf(await run(signAgreement(agent, active, { ...signing, password: "wrong" })))).toEqual(
      expect.objectContaining({ _tag: "SignaturePasswordIncorrect", field: "password" }),
    );
    identity.users.splice(
      identity.users.findIndex((u) => u.user.id === agent.id),
      1,
    );
    const hashesBefore = identity.hashCalls();
    expect(leftOf(await run(signAgreement(agent, active, signing)))).toMatchObject({
      _tag: "SignaturePasswordIncorrect",
      field: "password",
    });
    // Without a stored hash the password is still hashed once (no timing difference).
    expect(identity.hashCalls()).toBe(hashesBefore + 1);
    expect(memory.agreements[0]?.versions[0]?.signatures).toEqual([]);
  });

  it("AgreementTransitionNotAllowed for another version, a second signature, and a draft", async () => {
    const { run, ok } = await proposed();
    expect(leftOf(await run(signAgreement(agent, active, { ...signing, version: 2 })))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      from: "proposed",
      event: "sign",
      reason: "Version 2 is not the current proposal; review version 1.",
    });
    await ok(signAgreement(agent, active, signing));
    expect(leftOf(await run(signAgreement(agent, active, signing)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      reason: "You have already signed this version.",
    });
    const fresh = agreementWorld();
    await fresh.ok(startAgreement(business, active, someTerms));
    expect(leftOf(await fresh.run(signAgreement(business, active, signing)))).toMatchObject({
      _tag: "AgreementTransitionNotAllowed",
      from: "draft",
      reason: "Only a proposed agreement can be signed.",
    });
  });

  it("AgreementNotFound for a stranger and for staff", async () => {
    const { run } = await proposed();
    for (const user of [stranger, staff])
      expect(leftOf(await run(signAgreement(user, active, signing)))).toMatchObject({
        _tag: "AgreementNotFound",
        partnershipId: active,
      });
  });
});

describe("endAgreementWithPartnership", () => {
  it("ends the agreement: a signed version → ended, the proposal → withdrawn, the draft cleared", async () => {
    const { ok, memory } = await proposed();
    await ok(signAgreement(agent, active, signing));
    await ok(signAgreement(business, active, signing));
    await ok(endAgreementWithPartnership(active, "business"));
    expect(memory.agreements[0]).toMatchObject({ stage: "ended", draft: null });
    expect(memory.agreements[0]?.versions.map((v) => v.status)).toEqual(["ended"]);

    const other = await proposed();
    await other.ok(endAgreementWithPartnership(active, "agent"));
    expect(other.memory.agreements[0]?.versions.map((v) => v.status)).toEqual(["withdrawn"]);
  });

  it("is a no-op without an agreement and once ended (the refusal is swallowed)", async () => {
    const { ok, memory } = agreementWorld();
    await ok(endAgreementWithPartnership(active, "business"));
    expect(memory.agreements).toEqual([]);
    await ok(startAgreement(business, active, someTerms));
    await ok(endAgreementWithPartnership(active, "business"));
    await ok(endAgreementWithPartnership(active, "agent"));
    expect(memory.agreements[0]?.stage).toBe("ended");
  });
});

describe("agreementPdf", () => {
  it("renders the version in force with both parties, for either party and staff", async () => {
    const { ok, pdf } = await proposed();
    await ok(signAgreement(agent, active, signing));
    await ok(signAgreement(business, active, signing));
    for (const user of [agent, business, staff]) {
      const { bytes, version } = await ok(agreementPdf(user, active));
      expect(version).toBe(1);
      expect(new TextDecoder().decode(bytes)).toBe("%PDF-1");
    }
    expect(pdf.rendered).toHaveLength(3);
    expect(pdf.rendered[0]?.version).toMatchObject({ number: 1, status: "signed" });
    expect(pdf.rendered[0]?.version.signatures).toHaveLength(2);
    expect(pdf.rendered[0]?.parties).toMatchObject({ businessName: "Harbour Tech", agentName: "Mia Chen" });
  });

  it("once ended, the newest version both signed is still printed", async () => {
    const { ok, pdf } = await proposed();
    await ok(signAgreement(agent, active, signing));
    await ok(signAgreement(business, active, signing));
    await ok(endAgreementWithPartnership(active, "agent"));
    expect((await ok(agreementPdf(agent, active))).version).toBe(1);
    expect(pdf.rendered[0]?.version.status).toBe("ended");
  });

  it("AgreementNotFound while nothing is signed (nothing rendered), and for a stranger", async () => {
    const { run, ok, pdf } = await proposed();
    await ok(signAgreement(agent, active, signing));
    expect(leftOf(await run(agreementPdf(business, active)))).toMatchObject({ _tag: "AgreementNotFound" });
    await ok(signAgreement(business, active, signing));
    expect(leftOf(await run(agreementPdf(stranger, active)))).toMatchObject({ _tag: "AgreementNotFound" });
    expect(pdf.rendered).toEqual([]);
  });
});
