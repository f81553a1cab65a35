/**
 * /pricing as the server draws it for a visitor (issue 19, ADR 0030): the page the app's
 * pricing-page.tsx shows a signed-out visitor (spec §2.6 reading B, §9), in the same classes and
 * words: both audiences' plan cards from the API's catalogue (`planCatalogue`, what `GET
 * /api/plans` answers) and the FAQ (`pricingFaq`). So the HTML is the whole page and the app
 * waits for the visitor's first interaction (ADR 0028). The cards' actions are plain links to
 * /auth (where the app sends a visitor): they work before the app has started.
 */
import { pricingFaq } from "@closr/contracts/site";
import { planCatalogue } from "../routes/subscription/plan-catalogue.ts";
import { esc } from "./html.ts";

/** "$49.00": AUD as the app's formatMoney writes it (en-AU). */
const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** The check mark of the app's feature list (@closr/ui Icon "check", 16 px, decorative). */
const check =
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M5 12l5 5L20 7"></path></svg>';

type CataloguePlan = (typeof planCatalogue)[number];

/** One plan card as plan-card.tsx renders it, with a visitor's action (a link to /auth). */
const planCard = (plan: CataloguePlan) => {
  const free = plan.price === 0;
  const action = free
    ? `<a class="btn btn-outline btn-md btn-block" href="/auth">Get Started</a>`
    : `<a class="btn btn-${plan.popular ? "primary" : "outline"} btn-md btn-block" href="/auth">Subscribe Now</a>`;
  return `<li class="card plan-card${plan.popular ? " plan-card-popular" : ""}" aria-labelledby="plan-${esc(plan.id)}"><div class="row plan-card-head"><h3 id="plan-${esc(plan.id)}" class="card-title">${esc(plan.title)}</h3>${plan.popular ? '<span class="badge badge-default">Most Popular</span>' : ""}</div><p class="plan-price">${free ? "Free" : `${esc(money.format(plan.price))}<span class="muted"> / month</span>`}</p><p class="muted">${esc(plan.description)}</p><ul class="check-list plan-features">${plan.features.map((f) => `<li>${check}${esc(f)}</li>`).join("")}</ul>${action}</li>`;
};

const section = (audience: "business" | "agent", title: string) =>
  `<section class="stack-lg" aria-labelledby="pricing-${audience}"><h2 id="pricing-${audience}">${title}</h2><ul class="plan-grid plan-grid-${audience}">${planCatalogue
    .filter((p) => p.audience === audience)
    .map(planCard)
    .join("")}</ul></section>`;

/** The body of /pricing for a visitor: heading, both audiences' plans, FAQ (pricing-page.tsx). */
export const pricingBody = (): string =>
  `<main id="main" class="main"><div class="container section stack-lg"><header class="page-header"><div><h1 class="page-title">Simple, transparent pricing</h1><p class="page-description">Start free. Upgrade when you need more active partnerships. Prices in Australian dollars.</p></div></header>${section("business", "For businesses")}${section("agent", "For agents")}<section class="card split-card" aria-labelledby="pricing-faq"><h2 id="pricing-faq" class="admin-card-title">Frequently asked questions</h2><dl class="faq">${pricingFaq
    .map((item) => `<div><dt>${esc(item.q)}</dt><dd class="muted">${esc(item.a)}</dd></div>`)
    .join("")}</dl></section></div></main>`;
