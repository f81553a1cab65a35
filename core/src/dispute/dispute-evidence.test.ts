import { describe, expect, it } from "vitest";
import { addDisputeEvidence, getDisputeEvidence } from "./dispute-evidence.ts";
import { DisputeEvidenceId, disputeRules } from "./model.ts";
import { withdrawDispute } from "./negotiate-dispute.ts";
import { openDispute } from "./open-dispute.ts";
import { disputeCast, disputeWorld, leftOf, notOwed } from "./testing/world.ts";

const { agent, business, stranger, staff, invoiceId } = disputeCast;
const pdf = {
  fileName: "call log.pdf",
  bytes: new TextEncoder().encode("%PDF-1.7"),
  detectedType: "application/pdf",
};

const opened = async () => {
  const world = disputeWorld();
  const dispute = await world.ok(openDispute(business, invoiceId, notOwed));
  return { ...world, dispute };
};

describe("addDisputeEvidence", () => {
  it("stores the file under a storage key, records it for the party and puts it on the timeline", async () => {
    const { ok, dispute, storage, disputes } = await opened();
    const evidence = await ok(addDisputeEvidence(agent, dispute.id, pdf));
    expect(evidence).toMatchObject({
      disputeId: dispute.id,
      party: "agent",
      contentType: "application/pdf",
      size: pdf.bytes.length,
      storageKey: "dispute-evidence/file-1",
    });
    expect(storage.files.get("dispute-evidence/file-1")).toEqual({
      bytes: pdf.bytes,
      contentType: "application/pdf",
    });
    expect(disputes.evidence).toEqual([evidence]);
    expect(disputes.timeline.at(-1)?.line).toMatchObject({
      kind: "evidence",
      actor: "agent",
      message: evidence.fileName,
      evidenceId: evidence.id,
    });
  });

  it("InvalidDispute for an unsupported type, a file over 10 MB and an 11th file of one party", async () => {
    const { run, ok, dispute, storage } = await opened();
    expect(
      leftOf(await run(addDisputeEvidence(agent, dispute.id, { ...pdf, detectedType: "image/gif" }))),
    ).toMatchObject({
      _tag: "InvalidDispute",
      errors: [{ field: "file", message: "Evidence must be a PDF, JPEG or PNG file." }],
    });
    expect(
      leftOf(
        await run(
          addDisputeEvidence(agent, dispute.id, {
            ...pdf,
            bytes: new Uint8Array(disputeRules.maxEvidenceBytes + 1),
          }),
        ),
      ),
    ).toMatchObject({
      _tag: "InvalidDispute",
      errors: [{ field: "file", message: "Each file can be at most 10 MB." }],
    });
    for (let i = 0; i < disputeRules.maxEvidenceFiles; i++)
      await ok(addDisputeEvidence(agent, dispute.id, pdf));
    expect(leftOf(await run(addDisputeEvidence(agent, dispute.id, pdf)))).toMatchObject({
      _tag: "InvalidDispute",
      errors: [{ field: "file", message: "Each party can add at most 10 files." }],
    });
    // The other party still has its own ten.
    await ok(addDisputeEvidence(business, dispute.id, pdf));
    expect(storage.files.size).toBe(11);
  });

  it("DisputeTransitionRefused once withdrawn; DisputeNotFound for staff and strangers; nothing stored", async () => {
    const { run, ok, dispute, storage } = await opened();
    for (const user of [staff, stranger])
      expect(leftOf(await run(addDisputeEvidence(user, dispute.id, pdf)))).toMatchObject({
        _tag: "DisputeNotFound",
      });
    await ok(withdrawDispute(business, dispute.id));
    expect(leftOf(await run(addDisputeEvidence(agent, dispute.id, pdf)))).toMatchObject({
      _tag: "DisputeTransitionRefused",
      state: "withdrawn",
      event: "evidence",
    });
    expect(storage.files.size).toBe(0);
  });
});

describe("getDisputeEvidence", () => {
  it("both parties and staff download the bytes", async () => {
    const { ok, dispute } = await opened();
    const stored = await ok(addDisputeEvidence(agent, dispute.id, pdf));
    for (const user of [agent, business, staff]) {
      const { evidence, bytes } = await ok(getDisputeEvidence(user, stored.id));
      expect(evidence.id).toBe(stored.id);
      expect(bytes).toEqual(pdf.bytes);
    }
  });

  it("DisputeNotFound (with the evidence id) for a stranger, an unknown id and bytes gone from storage", async () => {
    const { run, ok, dispute, storage } = await opened();
    const stored = await ok(addDisputeEvidence(agent, dispute.id, pdf));
    expect(leftOf(await run(getDisputeEvidence(stranger, stored.id)))).toMatchObject({
      _tag: "DisputeNotFound",
      id: stored.id,
    });
    expect(leftOf(await run(getDisputeEvidence(agent, DisputeEvidenceId.make(99))))).toMatchObject({
      _tag: "DisputeNotFound",
      id: 99,
    });
    storage.files.clear();
    expect(leftOf(await run(getDisputeEvidence(agent, stored.id)))).toMatchObject({
      _tag: "DisputeNotFound",
    });
  });
});
