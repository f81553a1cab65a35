/**
 * Verification schemas (spec §2.5, §3 verification_requests, §4, §5; issue 12). `userId` and
 * `reviewedBy` are USER ids. Documents are uploaded as multipart/form-data, typed by their magic
 * bytes (PDF, JPEG, PNG; 10 MB each), and read through short-lived signed links.
 */
import { z } from "@hono/zod-openapi";
import { IdParam, paging, uploadedFile } from "./common.ts";

export const VerificationRequestStatus = z
  .enum(["submitted", "under_review", "changes_requested", "approved", "rejected"])
  .openapi("VerificationRequestStatus", {
    description:
      "submitted and under_review count as pending (§4); changes_requested waits for the applicant.",
  });

export const VerificationDocument = z
  .object({
    id: z.number().int().openapi({ description: "Position within the request, for links." }),
    field: z.string().openapi({ example: "identification" }),
    fileName: z.string().openapi({ description: "The client's file name, for display only." }),
    contentType: z
      .enum(["application/pdf", "image/jpeg", "image/png"])
      .openapi({ description: "Sniffed from magic bytes." }),
    size: z.number().int().openapi({ description: "Bytes." }),
  })
  .openapi("VerificationDocument");

export const AbnLookup = z
  .object({
    found: z.boolean(),
    abn: z.string().openapi({ example: "51824753556" }),
    entityName: z.string().optional(),
    status: z.string().optional().openapi({ example: "Active" }),
    gstRegistered: z.boolean().optional(),
    source: z.enum(["local", "abr"]),
    checkedAt: z.string(),
  })
  .openapi("AbnLookup", { description: "What the ABN registry answered when the request was submitted." });

export const VerificationRequest = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    userType: z.enum(["business", "agent"]),
    status: VerificationRequestStatus,
    documents: z.array(VerificationDocument),
    additionalInfo: z.record(z.string(), z.string()).openapi({
      description:
        "Business: abnNumber (11 digits), companyWebsite, businessAddress, additionalNotes. Agent: linkedInProfile, yearsExperience, professionalQualifications, additionalNotes.",
    }),
    abnLookup: AbnLookup.nullable(),
    adminNotes: z
      .string()
      .nullable()
      .openapi({ description: "The reviewer's reason for a rejection or a change request." }),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .openapi("VerificationRequest");

export const VerificationRequestList = z
  .object({
    items: z
      .array(VerificationRequest)
      .openapi({ description: "Newest submittedAt first; the first is the latest request." }),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .openapi("VerificationRequestList");

export const VerificationReview = VerificationRequest.extend({
  applicant: z.object({ username: z.string(), email: z.string() }),
  reviewedBy: z.number().int().nullable(),
  updatedAt: z.string(),
}).openapi("VerificationReview", { description: "A request as staff see it." });

export const VerificationQueuePage = z
  .object({
    items: z.array(VerificationReview).openapi({ description: "Oldest submitted first." }),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .openapi("VerificationQueuePage");

const statusPattern =
  /^(submitted|under_review|changes_requested|approved|rejected)(,(submitted|under_review|changes_requested|approved|rejected))*$/;

export const VerificationQueueQuery = z.object({
  status: z
    .string()
    .regex(statusPattern, {
      error:
        "status must be a comma-separated list of submitted, under_review, changes_requested, approved, rejected",
    })
    .optional()
    .openapi({ param: { name: "status", in: "query" }, example: "submitted,under_review" }),
  ...paging(100, 20),
});

const file = (description: string) => uploadedFile(description, "Must be a file").optional();

const text = (max: number) =>
  z
    .string()
    .max(max, { error: `At most ${max} characters` })
    .optional();

/** The Apply dialog's form (§2.5, §3): the tab's userType, its text fields and its files. */
export const VerificationApplication = z
  .object({
    userType: z.enum(["business", "agent"], { error: "Account type must be business or agent" }),
    abnNumber: text(20),
    companyWebsite: text(500),
    businessAddress: text(500),
    linkedInProfile: text(500),
    yearsExperience: text(10),
    professionalQualifications: text(4000),
    additionalNotes: text(4000),
    businessRegistration: file("Business: PDF, JPG or PNG; required on first submission."),
    companyLogo: file("Business: JPG or PNG; optional."),
    addressProof: file("Business: PDF, JPG or PNG; required on first submission."),
    identification: file("Agent: PDF, JPG or PNG; required on first submission."),
    professionalCertificates: file("Agent: PDF, JPG or PNG; optional."),
    profilePhoto: file("Agent: JPG or PNG; optional."),
  })
  .openapi("VerificationApplication", {
    description: "multipart/form-data. Files are typed by their magic bytes, at most 10 MB each.",
  });

export const DocumentParams = IdParam.extend({
  documentId: z.coerce
    .number({ error: "documentId must be a positive whole number" })
    .int()
    .min(1)
    .max(1000)
    .openapi({ param: { name: "documentId", in: "path" } }),
});

export const DocumentLinkQuery = z.object({
  disposition: z
    .enum(["attachment", "inline"])
    .default("attachment")
    .openapi({
      param: { name: "disposition", in: "query" },
      description: "inline (for the reviewer's preview) is for staff only; others get attachment.",
    }),
});

export const DocumentLink = z
  .object({
    url: z
      .string()
      .openapi({ description: "Signed path to GET; valid until expiresAt (at most 5 minutes)." }),
    expiresAt: z.string(),
  })
  .openapi("DocumentLink");

export const FileParams = z.object({
  prefix: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .openapi({ param: { name: "prefix", in: "path" } }),
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .openapi({ param: { name: "file", in: "path" } }),
});

export const FileQuery = z.object({
  expires: z.coerce
    .number()
    .int()
    .openapi({ param: { name: "expires", in: "query" }, description: "Unix seconds." }),
  disposition: z.enum(["attachment", "inline"]).openapi({ param: { name: "disposition", in: "query" } }),
  type: z
    .string()
    .max(100)
    .openapi({ param: { name: "type", in: "query" } }),
  name: z
    .string()
    .max(200)
    .openapi({ param: { name: "name", in: "query" } }),
  signature: z
    .string()
    .max(100)
    .openapi({ param: { name: "signature", in: "query" } }),
});

export const VerificationDecision = z
  .object({
    action: z.enum(["start_review", "approve", "reject", "request_changes"], {
      error: "action must be start_review, approve, reject or request_changes",
    }),
    reason: z
      .string()
      .max(2000, { error: "At most 2000 characters" })
      .optional()
      .openapi({ description: "Required for reject and request_changes; shown to the applicant." }),
  })
  .strict()
  .openapi("VerificationDecision");
