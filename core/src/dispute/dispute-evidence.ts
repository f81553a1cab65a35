/** Evidence files on a dispute (ADR 0018): add and download. */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { cleanFileName, FileStorage } from "../shared/index.ts";
import { partyOf, visibleDispute } from "./dispute-steps.ts";
import { DisputeNotFound, DisputeTransitionRefused, InvalidDispute } from "./errors.ts";
import { type DisputeEvidence, type DisputeEvidenceId, type DisputeId, disputeRules } from "./model.ts";
import { DisputeRepository } from "./ports.ts";

/**
 * Stores an evidence file of a party: PDF, JPEG or PNG by magic bytes (`detectedType`, sniffed
 * at the edge), at most 10 MB, at most 10 per dispute side. Invalid → InvalidDispute (422).
 */
export const addDisputeEvidence = Effect.fn("dispute.addEvidence")(function* (
  user: User,
  id: DisputeId,
  file: { readonly fileName: string; readonly bytes: Uint8Array; readonly detectedType: string | undefined },
) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const party = yield* partyOf(caller, id);
  if (dispute.state === "resolved" || dispute.state === "withdrawn")
    return yield* new DisputeTransitionRefused({
      state: dispute.state,
      event: "evidence",
      message: `This dispute is already ${dispute.state}.`,
    });
  const type = disputeRules.evidenceTypes.find((t) => t === file.detectedType);
  if (!type)
    return yield* new InvalidDispute({
      errors: [{ field: "file", message: "Evidence must be a PDF, JPEG or PNG file." }],
    });
  if (file.bytes.length > disputeRules.maxEvidenceBytes)
    return yield* new InvalidDispute({
      errors: [{ field: "file", message: "Each file can be at most 10 MB." }],
    });
  const repository = yield* DisputeRepository;
  const detail = yield* repository.detail(id);
  const count = Option.match(detail, {
    onNone: () => 0,
    onSome: (d) => d.evidence.filter((e) => e.party === party).length,
  });
  if (count >= disputeRules.maxEvidenceFiles)
    return yield* new InvalidDispute({
      errors: [{ field: "file", message: "Each party can add at most 10 files." }],
    });
  const stored = yield* (yield* FileStorage).put("dispute-evidence", file.bytes, type);
  const fileName = cleanFileName(file.fileName, "evidence");
  const evidence = yield* repository.addEvidence({
    disputeId: id,
    party,
    fileName,
    contentType: type,
    size: stored.size,
    storageKey: stored.key,
  });
  yield* repository.appendLine(id, {
    kind: "evidence",
    actor: party,
    message: fileName,
    amountCents: null,
    evidenceId: evidence.id,
  });
  return evidence;
});

/** One evidence file's record and bytes, for the parties and staff; DisputeNotFound otherwise. */
export const getDisputeEvidence = Effect.fn("dispute.getEvidence")(function* (
  user: User,
  evidenceId: DisputeEvidenceId,
) {
  const found = yield* (yield* DisputeRepository).findEvidence(evidenceId);
  if (Option.isNone(found)) return yield* new DisputeNotFound({ id: evidenceId });
  yield* visibleDispute(user, found.value.disputeId).pipe(
    Effect.mapError(() => new DisputeNotFound({ id: evidenceId })),
  );
  const bytes = yield* (yield* FileStorage).get(found.value.storageKey);
  if (Option.isNone(bytes)) return yield* new DisputeNotFound({ id: evidenceId });
  return { evidence: found.value as DisputeEvidence, bytes: bytes.value };
});
