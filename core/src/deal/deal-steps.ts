/** Shared steps of the deal use cases: who the caller is, what they may see, what events carry. */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { callerProfile } from "../invoice/index.ts";
import type { DealFacts, EventParty, SaleFacts } from "../shared/index.ts";
import { DealNotFound } from "./errors.ts";
import type { Deal, Sale } from "./model.ts";
import { type DealPartnership, DealRepository } from "./ports.ts";

/** The caller's side and profile id (ProfileNotFound without a profile). */
export const dealCaller = (user: User) => callerProfile(user);

/** True when the caller's profile is `side`'s party of `parties`. */
export const isParty = (
  parties: { readonly businessId: number; readonly agentId: number },
  caller: { readonly party: EventParty; readonly profileId: number },
) => (caller.party === "agent" ? parties.agentId : parties.businessId) === caller.profileId;

/** The partnership the caller is a party to; DealNotFound (404) otherwise. */
export const visiblePartnership = Effect.fn("deal.visiblePartnership")(function* (
  user: User,
  partnershipId: number,
) {
  const caller = yield* dealCaller(user);
  const found = yield* (yield* DealRepository).partnership(partnershipId);
  if (Option.isNone(found) || !isParty(found.value, caller))
    return yield* new DealNotFound({ id: partnershipId });
  return { partnership: found.value as DealPartnership, caller };
});

/** The deal the caller is a party to; DealNotFound (404) otherwise. */
export const visibleDeal = Effect.fn("deal.visibleDeal")(function* (user: User, id: Deal["id"]) {
  const caller = yield* dealCaller(user);
  const found = yield* (yield* DealRepository).findDeal(id);
  if (Option.isNone(found) || !isParty(found.value, caller)) return yield* new DealNotFound({ id });
  return { deal: found.value, caller };
});

const parties = (p: Deal | Sale) => ({
  partnershipId: p.partnershipId,
  businessUserId: p.businessUserId,
  agentUserId: p.agentUserId,
  businessName: p.businessName,
  agentName: p.agentName,
});

/** A deal as its events carry it. */
export const dealFacts = (deal: Deal): DealFacts => ({
  ...parties(deal),
  id: deal.id,
  customerId: deal.customer.id,
  customerName: deal.customer.name,
  state: deal.state,
  protectedUntil: deal.protectedUntil,
});

/** A sale as its events carry it. */
export const saleFacts = (sale: Sale): SaleFacts => ({
  ...parties(sale),
  id: sale.id,
  dealId: sale.dealId,
  customerId: sale.customerId,
  amountCents: sale.amountCents,
  saleDate: sale.saleDate,
  kind: sale.kind,
  state: sale.state,
  reportedBy: sale.reportedBy,
  confirmBy: sale.confirmBy,
});
