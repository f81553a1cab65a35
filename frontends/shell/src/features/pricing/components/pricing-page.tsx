/**
 * Pricing (spec §2.6 reading B, §9): three business plans and two agent plans from the server's
 * catalogue (GET /api/plans), the caller's current plan marked, and the FAQ (@closr/contracts/site;
 * rendered on the server too, ADR 0047). Get Started sends a
 * business to /business/dashboard, an agent to /agent/dashboard, a visitor to /auth. Subscribe Now
 * on a paid plan: a visitor goes to /auth with the toast "Authentication required"; a signed-in
 * user sees "Subscription initiated" and after 1 second goes to /subscribe?plan={priceId}. Monthly
 * or annual billing is chosen above the plans, as the FAQ says (issue 46); an annual choice goes
 * on to /subscribe as `&interval=year`.
 */

import { apiClient, dashboardPath, toApiError, useCurrentUser } from "@closr/client";
import { pricingFaq } from "@closr/contracts/site";
import { Button, LinkButton, toast } from "@closr/ui";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  type BillingInterval,
  BillingIntervalChoice,
  PlanCard as PlanCardFrame,
  PlansPage,
  sendToLogIn,
} from "./plan-card.tsx";

type Catalogue = Awaited<ReturnType<typeof fetchPlans>>;
type Plan = Catalogue["items"][number];

async function fetchPlans() {
  const { data, error, response } = await apiClient.GET("/api/plans");
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

function PlanCard({
  plan,
  current,
  onSubscribe,
  busy,
  interval,
}: {
  plan: Plan;
  current: boolean;
  onSubscribe: (plan: Plan) => void;
  busy: boolean;
  interval: BillingInterval;
}) {
  const user = useCurrentUser().data;
  const free = plan.price === 0;
  return (
    <PlanCardFrame plan={plan} current={current} idPrefix="plan" heading="h3" interval={interval}>
      {free ? (
        <LinkButton
          href={user ? dashboardPath(user.userType) : "/auth"}
          variant={current ? "secondary" : "outline"}
          block
        >
          Get Started
        </LinkButton>
      ) : (
        <Button
          variant={plan.popular ? "primary" : "outline"}
          block
          isDisabled={current || busy}
          onPress={() => onSubscribe(plan)}
        >
          {current ? "Current plan" : busy ? "Processing..." : "Subscribe Now"}
        </Button>
      )}
    </PlanCardFrame>
  );
}

export function PricingPage() {
  const plans = useQuery({ queryKey: ["plans"], queryFn: fetchPlans });
  const user = useCurrentUser().data;
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [interval, setBillingInterval] = useState<BillingInterval>("month");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const subscribe = (plan: Plan) => {
    if (!user) {
      sendToLogIn(navigate);
      return;
    }
    setBusy(plan.id);
    toast({ title: "Subscription initiated", description: `Taking you to the ${plan.title} checkout.` });
    const annual = interval === "year" ? "&interval=year" : "";
    timer.current = setTimeout(() => navigate(`/subscribe?plan=${plan.priceId ?? ""}${annual}`), 1000);
  };

  const section = (audience: "business" | "agent", title: string) => (
    <section className="stack-lg" aria-labelledby={`pricing-${audience}`}>
      <h2 id={`pricing-${audience}`}>{title}</h2>
      <ul className={`plan-grid plan-grid-${audience}`}>
        {plans.data?.items
          .filter((p) => p.audience === audience)
          .map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={plans.data?.currentPlanId === plan.id}
              busy={busy === plan.id}
              onSubscribe={subscribe}
              interval={interval}
            />
          ))}
      </ul>
    </section>
  );

  return (
    <PlansPage
      title="Simple, transparent pricing"
      description="Start free. Upgrade when you need more active partnerships. Prices in Australian dollars."
      plans={plans}
      skeletonHeight="22rem"
      after={
        <section className="card split-card" aria-labelledby="pricing-faq">
          <h2 id="pricing-faq" className="admin-card-title">
            Frequently asked questions
          </h2>
          <dl className="faq">
            {pricingFaq.map((item) => (
              <div key={item.q}>
                <dt>{item.q}</dt>
                <dd className="muted">{item.a}</dd>
              </div>
            ))}
          </dl>
        </section>
      }
    >
      <BillingIntervalChoice value={interval} onChange={setBillingInterval} />
      {!user || user.userType === "business" ? section("business", "For businesses") : null}
      {!user || user.userType === "agent" ? section("agent", "For agents") : null}
    </PlansPage>
  );
}
