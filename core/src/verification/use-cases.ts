/**
 * Verification use cases (spec §2.5, §4, §5, §6; issue 12): apply, resubmit after a change
 * request, read one's own requests and documents, and — staff only (role admin) — list the
 * queue, read a request, start a review and decide (approve / reject / request changes, the last
 * two with a reason). Every status change also sets users.verificationStatus in the same
 * transaction (VerificationRepository.change). Decision emails go through the Mailer, best effort.
 * A request or document that is not the caller's answers VerificationRequestNotFound (404).
 */

import { Effect, Either, Option } from "effect";
import type { User, UserType } from "../identity/index.ts";
import { formatAbn } from "../shared/abn.ts";
import { AuditLog } from "../shared/audit.ts";
import { cleanFileName } from "../shared/file-name.ts";
import { FileStorage } from "../shared/file-storage.ts";
import type { VerificationRequestId } from "../shared/ids.ts";
import { atomically, Clock, Mailer, publishEvent, UserId } from "../shared/index.ts";
import {
  AlreadyVerified,
  InvalidVerificationRequest,
  NotStaff,
  VerificationAlreadyOpen,
  VerificationRequestNotFound,
  WrongVerificationType,
} from "./errors.ts";
import {
  type AbnLookup,
  type AgentInfo,
  type BusinessInfo,
  isOpen,
  type UploadedDocument,
  type VerificationDocument,
  type VerificationRequest,
  type VerificationRequestView,
} from "./model.ts";
import { AbnRegistry, type VerificationQueueFilter, VerificationRepository } from "./ports.ts";
import {
  checkAgentInfo,
  checkBusinessInfo,
  checkDocument,
  type FieldError,
  missingDocuments,
} from "./rules.ts";
import { reviewerMayAct, transition, type VerificationEvent } from "./verification-machine.ts";

/** What the applicant sends: the tab they applied on, text fields, and files. */
export interface Application {
  readonly userType: UserType;
  readonly info: Readonly<Record<string, string | undefined>>;
  readonly files: readonly UploadedDocument[];
}

const isStaff = (user: User) => user.role === "admin";

/** Checks the whole application; `kept` are documents carried over from an earlier submission. */
const checkApplication = Effect.fn("verification.checkApplication")(function* (
  user: User,
  application: Application,
  kept: readonly VerificationDocument[] = [],
) {
  if (application.userType !== user.userType)
    return yield* new WrongVerificationType({ requested: application.userType, actual: user.userType });
  const types = new Map<UploadedDocument, VerificationDocument["contentType"]>();
  const seen = new Set<string>();
  for (const file of application.files) {
    if (seen.has(file.field))
      return yield* new InvalidVerificationRequest({
        errors: [{ field: file.field, message: "Upload one file per document" }],
      });
    seen.add(file.field);
    types.set(file, yield* checkDocument(user.userType, file));
  }
  const info: Either.Either<BusinessInfo | AgentInfo, readonly FieldError[]> =
    user.userType === "business" ? checkBusinessInfo(application.info) : checkAgentInfo(application.info);
  const errors: FieldError[] = [
    ...(Either.isLeft(info) ? info.left : []),
    ...missingDocuments(user.userType, new Set([...seen, ...kept.map((d) => d.field)])),
  ];
  if (errors.length > 0 || Either.isLeft(info)) return yield* new InvalidVerificationRequest({ errors });
  return { info: info.right, types };
});

/** The registry's answer for a business's ABN; null for agents or when the registry is down. */
const lookUpAbn = (info: BusinessInfo | AgentInfo) =>
  "abnNumber" in info
    ? Effect.flatMap(AbnRegistry, (registry) => registry.lookup(info.abnNumber)).pipe(
        Effect.map((found): AbnLookup | null => found),
        Effect.orElseSucceed(() => null),
      )
    : Effect.succeed(null);

/** Stores the files; if anything after fails, `release` removes them again. */
const storeFiles = Effect.fn("verification.storeFiles")(function* (
  files: ReadonlyMap<UploadedDocument, VerificationDocument["contentType"]>,
  firstId: number,
) {
  const storage = yield* FileStorage;
  const stored: VerificationDocument[] = [];
  const release = Effect.forEach(stored, (d) => storage.remove(d.key), { discard: true });
  yield* Effect.forEach([...files], ([file, contentType]) =>
    Effect.map(storage.put("verification", file.bytes, contentType), (saved) => {
      stored.push({
        id: firstId + stored.length,
        field: file.field,
        key: saved.key,
        contentType,
        size: saved.size,
        fileName: cleanFileName(file.fileName, "document"),
      });
    }),
  ).pipe(Effect.onError(() => release));
  return { stored, release };
});

/**
 * Apply for verification (spec §2.5 Apply dialog). The tab must match the caller's type
 * (WrongVerificationType, §6 message); one open request per user (VerificationAlreadyOpen);
 * a verified user cannot apply again (AlreadyVerified). Files are stored first and removed
 * again if the request cannot be saved, so a failure leaves no file and no row.
 */
export const submitVerification = Effect.fn("verification.submit")(function* (
  user: User,
  application: Application,
) {
  const { info, types } = yield* checkApplication(user, application);
  const repository = yield* VerificationRepository;
  const latest = (yield* repository.listFor(user.id))[0];
  if (latest && isOpen(latest.status)) return yield* new VerificationAlreadyOpen({ status: latest.status });
  if (user.verificationStatus === "verified") return yield* new AlreadyVerified();
  const abnLookup = yield* lookUpAbn(info);
  const now = yield* (yield* Clock).now;
  const { stored, release } = yield* storeFiles(types, 1);
  return yield* repository
    .create({
      userId: user.id,
      userType: user.userType,
      documents: stored,
      additionalInfo: info,
      abnLookup,
      submittedAt: now,
    })
    .pipe(Effect.onError(() => release));
});

/**
 * Resubmit a request the reviewer sent back (changes_requested → submitted). Uploaded files
 * replace the documents of the same field; the others are kept. Replaced files are removed after
 * the change is saved; new ones are removed if it is not.
 */
export const resubmitVerification = Effect.fn("verification.resubmit")(function* (
  user: User,
  id: VerificationRequestId,
  application: Application,
) {
  const repository = yield* VerificationRepository;
  const current = yield* ownRequest(user, id);
  const replaced = new Set(application.files.map((f) => f.field));
  const kept = current.documents.filter((d) => !replaced.has(d.field));
  const { info, types } = yield* checkApplication(user, application, kept);
  const abnLookup = yield* lookUpAbn(info);
  const now = yield* (yield* Clock).now;
  const firstId = Math.max(0, ...current.documents.map((d) => d.id)) + 1;
  const { stored, release } = yield* storeFiles(types, firstId);
  const updated = yield* repository
    .change(id, (request) =>
      Either.map(transition(request, { type: "resubmit", at: now }), (change) => ({
        ...change,
        documents: [...request.documents.filter((d) => !replaced.has(d.field)), ...stored],
        additionalInfo: info,
        abnLookup,
      })),
    )
    .pipe(Effect.onError(() => release));
  const storage = yield* FileStorage;
  yield* Effect.forEach(
    current.documents.filter((d) => replaced.has(d.field)),
    (d) => storage.remove(d.key),
    { discard: true },
  );
  return updated;
});

/** The caller's own request, or VerificationRequestNotFound. */
const ownRequest = Effect.fn("verification.ownRequest")(function* (user: User, id: VerificationRequestId) {
  const found = yield* (yield* VerificationRepository).findById(id);
  if (Option.isNone(found) || found.value.userId !== user.id)
    return yield* new VerificationRequestNotFound({ id });
  return found.value;
});

/** The caller's requests, newest submittedAt first (§7 GET /api/verification-requests). */
export const listOwnVerificationRequests = Effect.fn("verification.listOwn")(function* (user: User) {
  return yield* (yield* VerificationRepository).listFor(user.id);
});

/**
 * One document of a request, for a signed link: readable by the request's owner and by staff
 * only; anyone else gets VerificationRequestNotFound (404).
 */
export const documentOf = Effect.fn("verification.documentOf")(function* (
  user: User,
  requestId: VerificationRequestId,
  documentId: number,
) {
  const found = yield* (yield* VerificationRepository).findById(requestId);
  if (Option.isNone(found) || (found.value.userId !== user.id && !isStaff(user)))
    return yield* new VerificationRequestNotFound({ id: requestId });
  const document = found.value.documents.find((d) => d.id === documentId);
  if (!document) return yield* new VerificationRequestNotFound({ id: requestId });
  return { request: found.value, document, asStaff: isStaff(user) };
});

const requireStaff = (user: User) => (isStaff(user) ? Effect.void : Effect.fail(new NotStaff()));

/** Staff: the review queue, oldest first, filtered by status. NotStaff (403) for anyone else. */
export const listVerificationQueue = Effect.fn("verification.queue")(function* (
  user: User,
  filter: VerificationQueueFilter,
) {
  yield* requireStaff(user);
  const page = yield* (yield* VerificationRepository).queue(filter);
  return { ...page, page: filter.page, pageSize: filter.pageSize };
});

/** Staff: one request with its applicant. */
export const getVerificationForReview = Effect.fn("verification.getForReview")(function* (
  user: User,
  id: VerificationRequestId,
) {
  yield* requireStaff(user);
  const found = yield* (yield* VerificationRepository).findById(id);
  if (Option.isNone(found)) return yield* new VerificationRequestNotFound({ id });
  return found.value;
});

export type Decision = "start_review" | "approve" | "reject" | "request_changes";

/**
 * Staff: start a review, approve, reject or request changes (the last two need a reason, which
 * the applicant sees as adminNotes). The applicant is emailed about each decision.
 */
export const decideVerification = Effect.fn("verification.decide")(function* (
  user: User,
  id: VerificationRequestId,
  decision: { readonly action: Decision; readonly reason?: string | undefined },
) {
  yield* requireStaff(user);
  const reason = decision.reason?.trim() ?? "";
  if ((decision.action === "reject" || decision.action === "request_changes") && reason.length === 0)
    return yield* new InvalidVerificationRequest({
      errors: [{ field: "reason", message: "Please give a reason" }],
    });
  const now = yield* (yield* Clock).now;
  const event: VerificationEvent =
    decision.action === "start_review"
      ? { type: "start_review", by: user.id, at: now }
      : decision.action === "approve"
        ? { type: "approve", by: user.id, at: now, note: reason || undefined }
        : { type: decision.action, by: user.id, at: now, reason };
  let before: VerificationRequestView["status"] | null = null;
  const updated = yield* (yield* VerificationRepository).change(id, (current) => {
    before = current.status;
    return Either.flatMap(reviewerMayAct(current, user.id), () => transition(current, event));
  });
  // Staff writes are audit-logged (issue 16).
  yield* (yield* AuditLog).record({
    actorUserId: user.id,
    action: `verification.${decision.action === "start_review" ? "review-started" : decision.action === "approve" ? "approved" : decision.action === "reject" ? "rejected" : "changes-requested"}`,
    subjectType: "verification_request",
    subjectId: String(id),
    before: { status: before },
    after: { status: updated.status, adminNotes: updated.adminNotes },
  });
  if (decision.action !== "start_review") {
    yield* emailApplicant(updated);
    const status = updated.status;
    if (status === "approved" || status === "rejected" || status === "changes_requested")
      yield* publishEvent({
        _tag: "VerificationDecided",
        request: { id: updated.id, userId: UserId.make(updated.userId), status },
        summary: decisionEmail(updated).subject,
      });
  }
  return updated;
}, atomically);

/** The decision email (spec: not shown; plain words, the reason quoted). Best effort. */
const emailApplicant = (request: VerificationRequestView) =>
  Effect.flatMap(Mailer, (mailer) => mailer.send(decisionEmail(request))).pipe(
    Effect.catchAllCause(() => Effect.void),
  );

/** Subject and text of the email for a decided request. */
export function decisionEmail(request: VerificationRequestView) {
  const kind = request.userType === "business" ? "business" : "agent";
  const link = "Open /verification to see your request.";
  switch (request.status) {
    case "approved":
      return {
        to: request.applicant.email,
        subject: "You're verified on Closr",
        text: `Hi ${request.applicant.username},\n\nYour ${kind} verification has been approved. Your profile now shows the Verified badge.\n\n${link}`,
      };
    case "rejected":
      return {
        to: request.applicant.email,
        subject: "Your Closr verification was not approved",
        text: `Hi ${request.applicant.username},\n\nYour ${kind} verification was not approved.\n\nReason: ${request.adminNotes ?? ""}\n\nYou can apply again with new documents. ${link}`,
      };
    default:
      return {
        to: request.applicant.email,
        subject: "Your Closr verification needs changes",
        text: `Hi ${request.applicant.username},\n\nOur reviewer needs more information before verifying you.\n\nWhat to change: ${request.adminNotes ?? ""}\n\nUpdate and resubmit your request. ${link}`,
      };
  }
}

/** The ABN as the reviewer reads it. */
export const displayAbn = (request: VerificationRequest) =>
  "abnNumber" in request.additionalInfo ? formatAbn(request.additionalInfo.abnNumber) : null;
