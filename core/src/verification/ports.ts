/** Verification ports. Infrastructure failures are defects; the error channel holds domain errors. */

import { Context, type Effect, type Either, type Option } from "effect";
import type { Abn } from "../shared/abn.ts";
import type { UserId, VerificationRequestId } from "../shared/ids.ts";
import type { Counted, StatusPaging } from "../shared/paging.ts";
import type {
  AbnRegistryUnavailable,
  VerificationAlreadyOpen,
  VerificationRequestNotFound,
} from "./errors.ts";
import type {
  AbnLookup,
  AgentInfo,
  BusinessInfo,
  VerificationDocument,
  VerificationRequest,
  VerificationRequestStatus,
  VerificationRequestView,
} from "./model.ts";
import type { VerificationChange } from "./verification-machine.ts";

export interface NewVerificationRequest {
  readonly userId: UserId;
  readonly userType: "business" | "agent";
  readonly documents: readonly VerificationDocument[];
  readonly additionalInfo: BusinessInfo | AgentInfo;
  readonly abnLookup: AbnLookup | null;
  readonly submittedAt: Date;
}

/** What a change persists: the machine's fields, plus new contents on resubmission. */
export interface VerificationUpdate extends VerificationChange {
  readonly documents?: readonly VerificationDocument[];
  readonly additionalInfo?: BusinessInfo | AgentInfo;
  readonly abnLookup?: AbnLookup | null;
}

export type VerificationQueueFilter = StatusPaging<VerificationRequestStatus>;

export class VerificationRepository extends Context.Tag("verification/VerificationRepository")<
  VerificationRepository,
  {
    /** One user's requests, newest submittedAt first (the first is "the latest request", §2.5). */
    readonly listFor: (userId: UserId) => Effect.Effect<readonly VerificationRequest[]>;
    readonly findById: (id: VerificationRequestId) => Effect.Effect<Option.Option<VerificationRequestView>>;
    /** The staff queue in review order (priority-review plans first, then oldest first; see queueOrder in the adapter). */
    readonly queue: (filter: VerificationQueueFilter) => Effect.Effect<Counted<VerificationRequestView>>;
    /**
     * Inserts a submitted request and sets the user's verificationStatus to pending, in one
     * transaction that locks the user row first; fails with VerificationAlreadyOpen when the user
     * has an open request (also under races).
     */
    readonly create: (
      request: NewVerificationRequest,
    ) => Effect.Effect<VerificationRequest, VerificationAlreadyOpen>;
    /**
     * Changes one request atomically: locks it, persists what `decide` returns, and sets the
     * applicant's verificationStatus from the new status (userStatusFor) in the same transaction.
     */
    readonly change: <E>(
      id: VerificationRequestId,
      decide: (current: VerificationRequestView) => Either.Either<VerificationUpdate, E>,
    ) => Effect.Effect<VerificationRequestView, E | VerificationRequestNotFound>;
  }
>() {}

/**
 * AbnRegistry port: looks an ABN up (entity name, status, GST registration). Adapters: a small
 * local table (default) and the ABR web service when ABR_GUID is set (adapters/src/abr).
 */
export class AbnRegistry extends Context.Tag("verification/AbnRegistry")<
  AbnRegistry,
  { readonly lookup: (abn: Abn) => Effect.Effect<AbnLookup, AbnRegistryUnavailable> }
>() {}
