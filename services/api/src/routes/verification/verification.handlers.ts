/**
 * Verification handlers (spec §2.5, §7; issue 12): see contracts/src/routes/verification.routes.ts.
 * Uploads arrive as multipart/form-data; each file's type is sniffed from its magic bytes here
 * and the rules are core's. Documents are read through signed links (HMAC, ≤ 5 min) served with
 * Content-Disposition and X-Content-Type-Options: nosniff.
 */
import { signedFilePath, sniffContentType, verifyLink } from "@closr/adapters/storage";
import { verificationRoutes } from "@closr/contracts";
import { Clock, FileStorage, VerificationRequestId } from "@closr/core/shared";
import {
  type Application,
  decideVerification,
  documentOf,
  documentSlots,
  getVerificationForReview,
  listOwnVerificationRequests,
  listVerificationQueue,
  resubmitVerification,
  submitVerification,
  type UploadedDocument,
  type VerificationRequest,
  type VerificationRequestView,
  verificationRequestStatuses,
} from "@closr/core/verification";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect, Option } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { signedIn, withVerifiedEmail } from "../../http/guards.ts";
import { pageOf, singlePage, statusFilter } from "../../http/lists.ts";
import { problem } from "../../http/problem.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

/** Core request → contract JSON for its applicant. */
export const verificationJson = (r: VerificationRequest) => ({
  id: r.id,
  userId: r.userId,
  userType: r.userType,
  status: r.status,
  documents: r.documents.map((d) => ({
    id: d.id,
    field: d.field,
    fileName: d.fileName,
    contentType: d.contentType,
    size: d.size,
  })),
  additionalInfo: Object.fromEntries(
    Object.entries(r.additionalInfo).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  ),
  abnLookup: r.abnLookup
    ? r.abnLookup.found
      ? {
          found: true,
          abn: r.abnLookup.abn,
          entityName: r.abnLookup.entityName,
          status: r.abnLookup.status,
          gstRegistered: r.abnLookup.gstRegistered,
          source: r.abnLookup.source,
          checkedAt: r.abnLookup.checkedAt.toISOString(),
        }
      : {
          found: false,
          abn: r.abnLookup.abn,
          source: r.abnLookup.source,
          checkedAt: r.abnLookup.checkedAt.toISOString(),
        }
    : null,
  adminNotes: r.adminNotes,
  submittedAt: r.submittedAt.toISOString(),
  reviewedAt: r.reviewedAt?.toISOString() ?? null,
});

/** Core request with applicant → the staff view. */
export const reviewJson = (r: VerificationRequestView) => ({
  ...verificationJson(r),
  applicant: { username: r.applicant.username, email: r.applicant.email },
  reviewedBy: r.reviewedBy,
  updatedAt: r.updatedAt.toISOString(),
});

const statusFilterOf = statusFilter(verificationRequestStatuses);

const fileFields = [...new Set(Object.values(documentSlots).flatMap((slots) => slots.map((s) => s.field)))];

/** The multipart form → core's Application, each file typed by its magic bytes. */
async function toApplication(form: Record<string, unknown>): Promise<Application> {
  const files: UploadedDocument[] = [];
  for (const field of fileFields) {
    const file = form[field];
    if (!(file instanceof File) || file.size === 0) continue;
    const bytes = new Uint8Array(await file.arrayBuffer());
    files.push({
      field,
      bytes,
      detectedType: await sniffContentType(bytes),
      fileName: file.name || "document",
    });
  }
  const info: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(form)) if (typeof value === "string") info[key] = value;
  return { userType: form.userType as Application["userType"], info, files };
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
const contentDisposition = (disposition: "attachment" | "inline", name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** What an unconfirmed email blocks here ("Please verify your email address before you …"). */
const APPLY = "apply for verification";

export function registerVerificationRoutes(
  app: OpenAPIHono<AppEnv>,
  runtime: AppRuntime,
  options: { readonly linkSecret: string },
) {
  app.openapi(signedIn(verificationRoutes.listVerificationRequests), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, listOwnVerificationRequests(user), (items) =>
      c.json(singlePage(items.map(verificationJson)), 200),
    );
  });

  app.openapi(withVerifiedEmail(verificationRoutes.createVerificationRequest, APPLY), async (c) => {
    const user = c.get("user");
    const application = await toApplication(c.req.valid("form") as Record<string, unknown>);
    return runUseCase(runtime, c, submitVerification(user, application), (created) =>
      c.json(verificationJson(created), 201),
    );
  });

  app.openapi(withVerifiedEmail(verificationRoutes.resubmitVerificationRequest, APPLY), async (c) => {
    const user = c.get("user");
    const application = await toApplication(c.req.valid("form") as Record<string, unknown>);
    return runUseCase(
      runtime,
      c,
      resubmitVerification(user, VerificationRequestId.make(c.req.valid("param").id), application),
      (updated) => c.json(verificationJson(updated), 200),
    );
  });

  app.openapi(signedIn(verificationRoutes.getVerificationDocumentLink), async (c) => {
    const user = c.get("user");
    const { id, documentId } = c.req.valid("param");
    const wanted = c.req.valid("query").disposition;
    return runUseCase(
      runtime,
      c,
      Effect.zip(
        documentOf(user, VerificationRequestId.make(id), documentId),
        Effect.flatMap(Clock, (clock) => clock.now),
      ),
      ([{ document, asStaff }, now]) => {
        // Inline (a preview inside the admin page) only for staff; everyone else downloads.
        const disposition = wanted === "inline" && asStaff ? "inline" : "attachment";
        const link = signedFilePath(
          options.linkSecret,
          { key: document.key, disposition, contentType: document.contentType, name: document.fileName },
          now,
        );
        return c.json({ url: link.path, expiresAt: link.expiresAt.toISOString() }, 200, {
          "cache-control": "no-store",
        });
      },
    );
  });

  app.openapi(verificationRoutes.downloadFile, async (c) => {
    const { prefix, file } = c.req.valid("param");
    const query = c.req.valid("query");
    const key = `${prefix}/${file}`;
    const parts = {
      key,
      expires: query.expires,
      disposition: query.disposition,
      contentType: query.type,
      name: query.name,
    };
    const now = await runtime.runPromise(Effect.flatMap(Clock, (clock) => clock.now));
    if (!verifyLink(options.linkSecret, parts, query.signature, now))
      return problem(c, "signed-link-invalid", { detail: "This link is invalid or has expired." });
    const bytes = await runtime.runPromise(Effect.flatMap(FileStorage, (storage) => storage.get(key)));
    if (Option.isNone(bytes)) return problem(c, "not-found", { detail: "No such file." });
    return c.body(bytes.value as Uint8Array<ArrayBuffer>, 200, {
      "content-type": query.type,
      "content-length": String(bytes.value.byteLength),
      "content-disposition": contentDisposition(query.disposition, query.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
  });

  app.openapi(signedIn(verificationRoutes.listVerificationQueue), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, listVerificationQueue(user, statusFilterOf(c.req.valid("query"))), (page) =>
      c.json(pageOf(page, reviewJson), 200),
    );
  });

  app.openapi(signedIn(verificationRoutes.getVerificationReview), async (c) => {
    const user = c.get("user");
    return runUseCase(
      runtime,
      c,
      getVerificationForReview(user, VerificationRequestId.make(c.req.valid("param").id)),
      (r) => c.json(reviewJson(r), 200),
    );
  });

  app.openapi(signedIn(verificationRoutes.decideVerificationRequest), async (c) => {
    const user = c.get("user");
    return runUseCase(
      runtime,
      c,
      decideVerification(user, VerificationRequestId.make(c.req.valid("param").id), c.req.valid("json")),
      (r) => c.json(reviewJson(r), 200),
    );
  });
}
