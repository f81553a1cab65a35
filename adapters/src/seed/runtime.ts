/**
 * What the demo seeds run on: any runtime that provides the ports below (the service's
 * ManagedRuntime does). The seeds go through core's real use cases, so the demo data obeys the
 * same rules as data entered in the app.
 */
import type { AgreementRepository, DocumentDigest } from "@closr/core/agreement";
import type { DealRepository, SaleRepository } from "@closr/core/deal";
import type { DisputeRepository } from "@closr/core/dispute";
import type {
  AccountRepository,
  PasswordHasher,
  SessionStore,
  SessionTokens,
  UserRepository,
} from "@closr/core/identity";
import type { InvoiceRepository, InvoiceTerms } from "@closr/core/invoice";
import type { MessageRepository, UserDirectory } from "@closr/core/messaging";
import type { OpportunityRepository } from "@closr/core/opportunity";
import type { PartnershipRepository } from "@closr/core/partnership";
import type {
  ChargeDestinations,
  PaymentGateway,
  PaymentMethodRepository,
  PaymentRepository,
} from "@closr/core/payment";
import type { PayoutAccountRepository, PayoutGateway, PayoutRefundRepository } from "@closr/core/payout";
import type { AgentProfileRepository, BusinessProfileRepository } from "@closr/core/profiles";
import type { AppUrl, AuditLog, Clock, FileStorage, Mailer } from "@closr/core/shared";
import type { SubscriptionGateway, SubscriptionRepository } from "@closr/core/subscription";
import type { AbnRegistry, VerificationRepository } from "@closr/core/verification";
import type { Effect } from "effect";
import type { PgDatabase } from "../postgres/database-service.ts";

/** The services a demo seed may ask for. */
export type SeedServices =
  | PgDatabase
  | DisputeRepository
  | DealRepository
  | SaleRepository
  | AppUrl
  | UserRepository
  | SessionStore
  | SessionTokens
  | PasswordHasher
  | Clock
  | Mailer
  | BusinessProfileRepository
  | AgentProfileRepository
  | PartnershipRepository
  | OpportunityRepository
  | MessageRepository
  | UserDirectory
  | InvoiceRepository
  | PaymentRepository
  | PaymentMethodRepository
  | PaymentGateway
  | VerificationRepository
  | AbnRegistry
  | FileStorage
  | SubscriptionRepository
  | SubscriptionGateway
  | InvoiceTerms
  | ChargeDestinations
  | PayoutAccountRepository
  | PayoutRefundRepository
  | PayoutGateway
  | AuditLog
  | AgreementRepository
  | DocumentDigest
  | AccountRepository
  | AppUrl;

/** A runtime that runs seed programs (structurally, the service's AppRuntime). */
export interface SeedRuntime {
  readonly runPromise: <A, E>(effect: Effect.Effect<A, E, SeedServices>) => Promise<A>;
}
