/**
 * Verification model (spec §3 verification_requests, §4, §5; issue 12). A request belongs to one
 * user (`userId` is a USER id) and carries the documents of that user's type, the additional
 * information of §3, and what the ABN registry said about a business's ABN.
 */

import type { UserType } from "../identity/index.ts";
import type { Abn } from "../shared/abn.ts";
import type { UserId, VerificationRequestId } from "../shared/ids.ts";

/**
 * Request statuses: §4's four plus `changes_requested` (issue 12: the reviewer asks for more
 * information and the applicant resubmits the same request).
 */
export const verificationRequestStatuses = [
  "submitted",
  "under_review",
  "changes_requested",
  "approved",
  "rejected",
] as const;
export type VerificationRequestStatus = (typeof verificationRequestStatuses)[number];

/** Statuses of a request still being handled: a user has at most one such request. */
export const openStatuses: readonly VerificationRequestStatus[] = [
  "submitted",
  "under_review",
  "changes_requested",
];
export const isOpen = (status: VerificationRequestStatus) => openStatuses.includes(status);

/** users.verificationStatus as a function of the latest request's status (issue 12). */
export function userStatusFor(status: VerificationRequestStatus): "unverified" | "pending" | "verified" {
  switch (status) {
    case "approved":
      return "verified";
    case "rejected":
      return "unverified";
    default:
      return "pending";
  }
}

/** Document MIME types the service accepts (decided from magic bytes, never the client's claim). */
export type DocumentType = "application/pdf" | "image/jpeg" | "image/png";

export interface DocumentSlot {
  /** The form field, from §3: businessRegistration, companyLogo, addressProof, identification, professionalCertificates, profilePhoto. */
  readonly field: string;
  readonly label: string;
  readonly required: boolean;
  readonly accepts: readonly DocumentType[];
  /** Message when a required document is missing (§5). */
  readonly missingMessage?: string;
}

const pdfOrImage: readonly DocumentType[] = ["application/pdf", "image/jpeg", "image/png"];
const image: readonly DocumentType[] = ["image/jpeg", "image/png"];

/** The documents of each applicant type, with §5's required flags and accepted types. */
export const documentSlots: Readonly<Record<UserType, readonly DocumentSlot[]>> = {
  business: [
    {
      field: "businessRegistration",
      label: "Business registration",
      required: true,
      accepts: pdfOrImage,
      missingMessage: "Required",
    },
    { field: "companyLogo", label: "Company logo", required: false, accepts: image },
    {
      field: "addressProof",
      label: "Proof of address",
      required: true,
      accepts: pdfOrImage,
      missingMessage: "Required",
    },
  ],
  agent: [
    {
      field: "identification",
      label: "Identification",
      required: true,
      accepts: pdfOrImage,
      missingMessage: "Please upload your identification document",
    },
    {
      field: "professionalCertificates",
      label: "Professional certificates",
      required: false,
      accepts: pdfOrImage,
    },
    { field: "profilePhoto", label: "Profile photo", required: false, accepts: image },
  ],
};

/** At most 10 MB per file (issue 12). */
export const maxDocumentBytes = 10 * 1024 * 1024;

/** A document as stored: the random storage key, never the client's path. */
export interface VerificationDocument {
  /** 1-based position within the request, used in links. */
  readonly id: number;
  readonly field: string;
  readonly key: string;
  readonly contentType: DocumentType;
  readonly size: number;
  /** The client's file name, for display only (§3: "only file names are recorded"). */
  readonly fileName: string;
}

/** A business's additional information (§3). `abnNumber` is the 11 checked digits. */
export interface BusinessInfo {
  readonly abnNumber: Abn;
  readonly companyWebsite: string;
  readonly businessAddress: string;
  readonly additionalNotes?: string | undefined;
}

/** An agent's additional information (§3). */
export interface AgentInfo {
  readonly linkedInProfile: string;
  readonly yearsExperience: string;
  readonly professionalQualifications: string;
  readonly additionalNotes?: string | undefined;
}

/** What the ABN registry answered for the request's ABN, for the reviewer. */
export type AbnLookup =
  | {
      readonly found: true;
      readonly abn: string;
      readonly entityName: string;
      /** "Active" or "Cancelled" as the registry says it. */
      readonly status: string;
      readonly gstRegistered: boolean;
      readonly source: "local" | "abr";
      readonly checkedAt: Date;
    }
  | {
      readonly found: false;
      readonly abn: string;
      readonly source: "local" | "abr";
      readonly checkedAt: Date;
    };

export interface VerificationRequest {
  readonly id: VerificationRequestId;
  /** User id of the applicant. */
  readonly userId: UserId;
  readonly userType: UserType;
  readonly status: VerificationRequestStatus;
  readonly documents: readonly VerificationDocument[];
  readonly additionalInfo: BusinessInfo | AgentInfo;
  readonly abnLookup: AbnLookup | null;
  /** The reviewer's note: the reason for a rejection or a change request. */
  readonly adminNotes: string | null;
  readonly submittedAt: Date;
  readonly reviewedAt: Date | null;
  /** User id of the staff member who last decided. */
  readonly reviewedBy: UserId | null;
  readonly updatedAt: Date;
}

/** A request with the applicant's name, for the staff queue. */
export interface VerificationRequestView extends VerificationRequest {
  readonly applicant: { readonly username: string; readonly email: string };
}

/** A file as the edge received it: bytes plus the type sniffed from its magic bytes. */
export interface UploadedDocument {
  readonly field: string;
  readonly bytes: Uint8Array;
  /** From magic bytes (undefined when unrecognised); never the client's MIME or extension. */
  readonly detectedType: string | undefined;
  readonly fileName: string;
}
