/**
 * Application rules (spec §5 Business verification / Agent verification; issue 12), pure:
 * field messages are the spec's words. Documents: the field must belong to the applicant's
 * type, the sniffed type must be one the field accepts and agree with the file name's extension,
 * and a file holds at most 10 MB.
 */
import { Either } from "effect";
import type { UserType } from "../identity/index.ts";
import { parseAbn } from "../shared/abn.ts";
import { DocumentTooLarge, InvalidVerificationRequest, UnsupportedDocumentType } from "./errors.ts";
import {
  type AgentInfo,
  type BusinessInfo,
  type DocumentType,
  documentSlots,
  maxDocumentBytes,
  type UploadedDocument,
} from "./model.ts";

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

const isUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

const text = (info: Readonly<Record<string, string | undefined>>, key: string) => (info[key] ?? "").trim();
const optional = (value: string) => (value === "" ? undefined : value);

/** Checks a business's additional information; Right carries the normalised values (ABN as 11 digits). */
export function checkBusinessInfo(
  info: Readonly<Record<string, string | undefined>>,
): Either.Either<BusinessInfo, readonly FieldError[]> {
  const errors: FieldError[] = [];
  const abn = parseAbn(info.abnNumber ?? "");
  if (Either.isLeft(abn)) errors.push({ field: "abnNumber", message: abn.left.message });
  const companyWebsite = text(info, "companyWebsite");
  if (!isUrl(companyWebsite)) errors.push({ field: "companyWebsite", message: "Please enter a valid URL" });
  const businessAddress = text(info, "businessAddress");
  if (businessAddress.length < 5)
    errors.push({ field: "businessAddress", message: "Please enter a valid address" });
  if (errors.length > 0 || Either.isLeft(abn)) return Either.left(errors);
  return Either.right({
    abnNumber: abn.right,
    companyWebsite,
    businessAddress,
    additionalNotes: optional(text(info, "additionalNotes")),
  });
}

/** Checks an agent's additional information (§5). */
export function checkAgentInfo(
  info: Readonly<Record<string, string | undefined>>,
): Either.Either<AgentInfo, readonly FieldError[]> {
  const errors: FieldError[] = [];
  const linkedInProfile = text(info, "linkedInProfile");
  if (!isUrl(linkedInProfile))
    errors.push({ field: "linkedInProfile", message: "Please enter a valid LinkedIn URL" });
  const yearsExperience = text(info, "yearsExperience");
  const years = Number(yearsExperience);
  if (yearsExperience === "" || !Number.isFinite(years) || years <= 0)
    errors.push({ field: "yearsExperience", message: "Years of experience must be a positive number" });
  const professionalQualifications = text(info, "professionalQualifications");
  if (professionalQualifications.length < 10)
    errors.push({
      field: "professionalQualifications",
      message: "Please provide a detailed description of your qualifications",
    });
  if (errors.length > 0) return Either.left(errors);
  return Either.right({
    linkedInProfile,
    yearsExperience,
    professionalQualifications,
    additionalNotes: optional(text(info, "additionalNotes")),
  });
}

const extensionTypes: Record<string, DocumentType> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};
const typeNames: Record<string, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPG",
  "image/png": "PNG",
};

/**
 * One uploaded file against its field's rules: 413 over 10 MB; 415 when the magic bytes are not
 * an accepted type, or disagree with the name's extension (a PNG renamed .pdf).
 */
export function checkDocument(
  userType: UserType,
  file: UploadedDocument,
): Either.Either<DocumentType, DocumentTooLarge | UnsupportedDocumentType | InvalidVerificationRequest> {
  const slot = documentSlots[userType].find((s) => s.field === file.field);
  if (!slot)
    return Either.left(
      new InvalidVerificationRequest({ errors: [{ field: file.field, message: "Unknown field" }] }),
    );
  if (file.bytes.byteLength > maxDocumentBytes)
    return Either.left(
      new DocumentTooLarge({ field: file.field, message: "Each file must be 10 MB or smaller" }),
    );
  const accepted = slot.accepts.map((t) => typeNames[t]).join(", ");
  const detected = file.detectedType as DocumentType | undefined;
  if (!detected || !slot.accepts.includes(detected))
    return Either.left(
      new UnsupportedDocumentType({ field: file.field, message: `${slot.label} must be a ${accepted} file` }),
    );
  const extension = /\.([a-z0-9]+)$/i.exec(file.fileName)?.[1]?.toLowerCase();
  const claimed = extension ? extensionTypes[extension] : undefined;
  if (extension && claimed !== detected)
    return Either.left(
      new UnsupportedDocumentType({
        field: file.field,
        message: `The file's contents (${typeNames[detected]}) do not match its name (.${extension})`,
      }),
    );
  return Either.right(detected);
}

/** Required documents missing from `present` fields (§5 messages). */
export function missingDocuments(userType: UserType, present: ReadonlySet<string>): FieldError[] {
  return documentSlots[userType]
    .filter((slot) => slot.required && !present.has(slot.field))
    .map((slot) => ({ field: slot.field, message: slot.missingMessage ?? "Required" }));
}
