/**
 * The plan catalogue as the API answers it (`GET /api/plans`, spec §2.6 reading B, §9): core's
 * plans with the price in AUD dollars per month. The server-rendered /pricing reads it through
 * this endpoint too (ADR 0047), so the HTML and the app read one source.
 */
import { cents, dollarsFromCents } from "@closr/core/shared";
import { periodPriceCents, plans } from "@closr/core/subscription";

export const planCatalogue = Object.values(plans).map((p) => ({
  id: p.id,
  title: p.title,
  audience: p.audience,
  /** AUD dollars per month; 0 for the free plans. */
  price: dollarsFromCents(cents(p.priceCents)),
  /** AUD dollars per year on annual billing (core's periodPriceCents: 10× the month; ADR 0042). */
  annualPrice: dollarsFromCents(cents(periodPriceCents(p.id, "year"))),
  currency: "AUD" as const,
  priceId: p.priceId,
  partnershipLimit: p.partnershipLimit,
  description: p.description,
  features: [...p.features],
  popular: p.popular,
}));
