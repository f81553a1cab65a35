/** Branded integer ids, so a user id can never be passed where a profile id is expected. */
import { Schema } from "effect";

export const UserId = Schema.Int.pipe(Schema.positive(), Schema.brand("UserId"));
export type UserId = typeof UserId.Type;

export const SessionId = Schema.Int.pipe(Schema.positive(), Schema.brand("SessionId"));
export type SessionId = typeof SessionId.Type;

export const BusinessProfileId = Schema.Int.pipe(Schema.positive(), Schema.brand("BusinessProfileId"));
export type BusinessProfileId = typeof BusinessProfileId.Type;

export const AgentProfileId = Schema.Int.pipe(Schema.positive(), Schema.brand("AgentProfileId"));
export type AgentProfileId = typeof AgentProfileId.Type;

/** A profile id of either side (which one is said by the party next to it). */
export type ProfileId = BusinessProfileId | AgentProfileId;

export const PartnershipId = Schema.Int.pipe(Schema.positive(), Schema.brand("PartnershipId"));
export type PartnershipId = typeof PartnershipId.Type;

export const InvoiceId = Schema.Int.pipe(Schema.positive(), Schema.brand("InvoiceId"));
export type InvoiceId = typeof InvoiceId.Type;

export const PaymentId = Schema.Int.pipe(Schema.positive(), Schema.brand("PaymentId"));
export type PaymentId = typeof PaymentId.Type;

export const ReviewId = Schema.Int.pipe(Schema.positive(), Schema.brand("ReviewId"));
export type ReviewId = typeof ReviewId.Type;
