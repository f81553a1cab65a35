/** Staff mediation (ADR 0018): the queue and proposing a resolution. */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { AuditLog, atomically, Clock } from "../shared/index.ts";
import { afterStep, applyEvent, isStaff, visibleDispute } from "./dispute-steps.ts";
import { InvalidDispute, NotMediator } from "./errors.ts";
import type { DisputeId } from "./model.ts";
import { DisputeRepository } from "./ports.ts";

/** Staff propose a resolution (audit-logged): the total the business pays, with a note to both. */
export const proposeResolution = Effect.fn("dispute.propose")(function* (
  staff: User,
  id: DisputeId,
  input: { readonly amountCents: number; readonly note: string },
) {
  if (!isStaff(staff)) return yield* new NotMediator();
  const { dispute } = yield* visibleDispute(staff, id);
  const note = input.note.trim();
  if (note.length < 10)
    return yield* new InvalidDispute({
      errors: [
        { field: "note", message: "Explain the resolution to both parties (at least 10 characters)." },
      ],
    });
  const at = yield* (yield* Clock).now;
  const after = yield* applyEvent(
    id,
    { type: "propose", amountCents: input.amountCents, note, at },
    "staff",
    note,
  );
  yield* (yield* AuditLog).record({
    actorUserId: staff.id,
    action: "dispute.resolution_proposed",
    subjectType: "dispute",
    subjectId: String(id),
    before: { state: dispute.state },
    after: { state: after.state, amountCents: input.amountCents, note },
  });
  yield* afterStep(dispute, after, "Closr's mediation team proposed a resolution.", staff.id, "staff");
  return after;
}, atomically);

/** Staff's mediation queue: in mediation or proposed, oldest first. */
export const mediationQueue = Effect.fn("dispute.mediationQueue")(function* (staff: User) {
  if (!isStaff(staff)) return yield* new NotMediator();
  return { items: yield* (yield* DisputeRepository).mediationQueue(), now: yield* (yield* Clock).now };
});
