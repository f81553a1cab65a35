/** Agreement ports (issue 17). Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Either, type Option } from "effect";
import type { PartnershipParties, Party } from "../partnership/index.ts";
import type { BusinessProfileId, PartnershipId, UserId } from "../shared/ids.ts";
import type { AgreementNotFound } from "./errors.ts";
import type {
  Agreement,
  AgreementDocument,
  AgreementSignature,
  AgreementStage,
  AgreementTerms,
  AgreementVersion,
  VersionStatus,
} from "./model.ts";
import type { AgreementTemplate } from "./template.ts";

/** What one decided change writes (absent fields stay as they are). */
export interface AgreementChange {
  readonly stage: AgreementStage;
  /** The new working draft; null clears it. */
  readonly draft?: { readonly terms: AgreementTerms; readonly editedBy: Party } | null;
  /** A new immutable version (a proposal). */
  readonly newVersion?: {
    readonly number: number;
    readonly terms: AgreementTerms;
    readonly proposedBy: Party;
    readonly proposedByUser: UserId;
    readonly document: AgreementDocument;
    readonly documentSha256: string;
  };
  /** Status changes of existing versions, by number. */
  readonly versionStatuses?: ReadonlyArray<{ readonly number: number; readonly status: VersionStatus }>;
  /** A signature on version `number`; `signedAt` set on the version when it became binding. */
  readonly signature?: {
    readonly number: number;
    readonly record: AgreementSignature;
    readonly binding: boolean;
  };
  /** The partnership's commission rate follows the signed agreement. */
  readonly commissionRate?: number;
}

/** The two parties of a partnership as an agreement names them. */
export interface AgreementParties extends PartnershipParties {
  readonly partnershipStatus: "pending" | "active" | "rejected" | "withdrawn" | "terminated";
  readonly businessAbn: string | null;
  readonly agentAbn: string | null;
}

export class AgreementRepository extends Context.Tag("agreement/AgreementRepository")<
  AgreementRepository,
  {
    /** The partnership's parties; None when there is no such partnership. */
    readonly partiesOf: (partnershipId: PartnershipId) => Effect.Effect<Option.Option<AgreementParties>>;
    /** The partnership's agreement with every version (newest first) and its signatures. */
    readonly findByPartnership: (partnershipId: PartnershipId) => Effect.Effect<Option.Option<Agreement>>;
    /** Starts the agreement as a draft; None when the partnership already has one (also under races). */
    readonly createDraft: (
      partnershipId: PartnershipId,
      draft: { readonly terms: AgreementTerms; readonly editedBy: Party },
    ) => Effect.Effect<Option.Option<Agreement>>;
    /**
     * Changes the agreement atomically: locks its row, reads it whole, and writes what `decide`
     * returns (and the partnership's commission rate when the change carries one) in one transaction.
     */
    readonly change: <E>(
      partnershipId: PartnershipId,
      decide: (current: Agreement) => Either.Either<AgreementChange, E>,
    ) => Effect.Effect<Agreement, E | AgreementNotFound>;
    /** An Enterprise business's own template (spec §9 custom contract templates). */
    readonly templateOf: (businessId: BusinessProfileId) => Effect.Effect<Option.Option<AgreementTemplate>>;
    /** Saves (or with null removes) the business's own template. */
    readonly saveTemplate: (
      businessId: BusinessProfileId,
      template: AgreementTemplate | null,
    ) => Effect.Effect<void>;
  }
>() {}

/** SHA-256 of a text (UTF-8), hex; implemented with node:crypto. */
export class DocumentDigest extends Context.Tag("agreement/DocumentDigest")<
  DocumentDigest,
  { readonly sha256: (text: string) => string }
>() {}

/** Renders a signed version with both signatures to PDF bytes (pdf-lib in adapters/src/pdf). */
export class AgreementPdf extends Context.Tag("agreement/AgreementPdf")<
  AgreementPdf,
  { readonly render: (version: AgreementVersion, parties: AgreementParties) => Effect.Effect<Uint8Array> }
>() {}
