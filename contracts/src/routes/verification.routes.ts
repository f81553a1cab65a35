/**
 * Verification routes (spec §2.5, §7; issue 12): the applicant's requests, applying and
 * resubmitting (multipart/form-data), signed document links and the file download they point to,
 * and the staff review queue (role admin). Another user's request or document answers 404.
 */
import { createRoute } from "@hono/zod-openapi";
import { IdParam } from "../common.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import {
  DocumentLink,
  DocumentLinkQuery,
  DocumentParams,
  FileParams,
  FileQuery,
  VerificationApplication,
  VerificationDecision,
  VerificationQueuePage,
  VerificationQueueQuery,
  VerificationRequest,
  VerificationRequestList,
  VerificationReview,
} from "../verification.ts";
import { body, file, json, signedInProblems, signedInWriteProblems, writeProblems } from "./route-helpers.ts";

const multipart = {
  body: { required: true, content: { "multipart/form-data": { schema: VerificationApplication } } },
};

const uploadProblems = [
  "unauthenticated",
  "wrong-account-type",
  "email-not-verified",
  "verification-open",
  "already-verified",
  "document-too-large",
  "document-type-unsupported",
  ...writeProblems,
  ...commonProblems,
] as const;

export const listVerificationRequests = createRoute({
  method: "get",
  path: "/api/verification-requests",
  operationId: "listVerificationRequests",
  tags: ["verification"],
  summary: "The caller's verification requests, newest submittedAt first",
  responses: {
    200: json(VerificationRequestList, "The caller's requests"),
    ...signedInProblems(),
  },
});

export const createVerificationRequest = createRoute({
  method: "post",
  path: "/api/verification-requests",
  operationId: "createVerificationRequest",
  tags: ["verification"],
  summary: "Apply for verification (multipart/form-data with the documents)",
  description:
    "Needs a confirmed email address (403 email-not-verified). userType must be the caller's own (403 wrong-account-type, §6 wording). One open request per user (409 verification-open). Files are typed by magic bytes: a type the field does not accept, or a name whose extension disagrees with the contents, is 415 document-type-unsupported; over 10 MB is 413 document-too-large; both name the field. A failed request stores nothing. Sets the caller's verificationStatus to pending.",
  request: multipart,
  responses: {
    201: json(VerificationRequest, "The submitted request"),
    ...problemResponses(...uploadProblems),
  },
});

export const resubmitVerificationRequest = createRoute({
  method: "post",
  path: "/api/verification-requests/{id}/resubmit",
  operationId: "resubmitVerificationRequest",
  tags: ["verification"],
  summary: "Resubmit a request the reviewer sent back for changes (multipart/form-data)",
  description:
    "Needs a confirmed email address (403 email-not-verified). Only from changes_requested (409 verification-transition). Uploaded files replace the documents of the same field; the others are kept.",
  request: { params: IdParam, ...multipart },
  responses: {
    200: json(VerificationRequest, "The request, submitted again"),
    ...problemResponses(...uploadProblems, "not-found", "verification-transition"),
  },
});

export const getVerificationDocumentLink = createRoute({
  method: "get",
  path: "/api/verification-requests/{id}/documents/{documentId}/link",
  operationId: "getVerificationDocumentLink",
  tags: ["verification"],
  summary: "A signed link (at most 5 minutes) to one document; owner and staff only",
  request: { params: DocumentParams, query: DocumentLinkQuery },
  responses: {
    200: json(DocumentLink, "The signed link"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const downloadFile = createRoute({
  method: "get",
  path: "/api/files/{prefix}/{file}",
  operationId: "downloadFile",
  tags: ["verification"],
  summary: "A stored file through a signed link",
  description:
    "Served with the sniffed Content-Type, Content-Disposition (attachment unless the link says inline) and X-Content-Type-Options: nosniff. A forged, altered or expired link is 403 signed-link-invalid.",
  request: { params: FileParams, query: FileQuery },
  responses: {
    200: file("The file", "application/pdf", "image/jpeg", "image/png"),
    ...problemResponses("signed-link-invalid", "not-found", "validation-failed", ...commonProblems),
  },
});

export const listVerificationQueue = createRoute({
  method: "get",
  path: "/api/admin/verification-requests",
  operationId: "listVerificationQueue",
  tags: ["verification"],
  summary: "Staff: the review queue (priority-review plans first, then oldest first), filtered by status",
  request: { query: VerificationQueueQuery },
  responses: {
    200: json(VerificationQueuePage, "A page of the queue"),
    ...signedInProblems("forbidden", "validation-failed"),
  },
});

export const getVerificationReview = createRoute({
  method: "get",
  path: "/api/admin/verification-requests/{id}",
  operationId: "getVerificationReview",
  tags: ["verification"],
  summary: "Staff: one request with its applicant, documents and ABN lookup",
  request: { params: IdParam },
  responses: {
    200: json(VerificationReview, "The request"),
    ...signedInProblems("forbidden", "not-found", "validation-failed"),
  },
});

export const decideVerificationRequest = createRoute({
  method: "post",
  path: "/api/admin/verification-requests/{id}/decision",
  operationId: "decideVerificationRequest",
  tags: ["verification"],
  summary: "Staff: start the review, approve, reject or request changes",
  description:
    "submitted → under_review (start_review); under_review → approved | rejected | changes_requested. reject and request_changes need a reason (422). Staff never act on their own request (403 forbidden). The applicant's verificationStatus follows in the same transaction, and they are emailed.",
  request: { params: IdParam, ...body(VerificationDecision) },
  responses: {
    200: json(VerificationReview, "The changed request"),
    ...signedInWriteProblems("forbidden", "not-found", "verification-transition"),
  },
});
