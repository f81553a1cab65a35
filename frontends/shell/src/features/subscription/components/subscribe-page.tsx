/**
 * /subscribe (spec §2.6 reading A, §4 subscription flow, §8 Subscription; issue 13): plan cards for
 * the user's side (from the §9 reading-B catalogue), a closable checkout panel with the card form,
 * then "Subscription Complete!" and the role dashboard after 2 seconds. `?plan=price_…` opens the
 * checkout for that plan. An active subscription: "Active subscription detected", then the dashboard.
 * Monthly or annual billing (10× the month, ADR 0042) is chosen above the plans. The card form is
 * the local gateway's, or in Stripe mode Stripe.js's Payment Element; after Stripe confirms, the
 * page waits for the webhook to activate the subscription (a return from a redirect does too).
 */

import { billingKey, dashboardPath, useCurrentUser } from "@closr/client";
import { LocalCardForm } from "@closr/partner-kit";
import { Alert, Button, formatMoney, Icon, LinkButton, toast } from "@closr/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  type BillingInterval,
  BillingIntervalChoice,
  PlanCard,
  PlansPage,
  sendToLogIn,
} from "../../pricing/components/plan-card.tsx";
import {
  getOrCreateSubscription,
  type Plan,
  type StartedSubscription,
  usePlans,
  waitUntilActive,
} from "../api/subscription-api.ts";
import { StripeElementForm } from "./stripe-element-form.tsx";

type Interval = BillingInterval;

export function SubscribePage() {
  const user = useCurrentUser().data;
  const plans = usePlans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<{ plan: Plan; started: StartedSubscription } | null>(null);
  const [complete, setComplete] = useState(false);
  // /pricing passes the billing period chosen there (?interval=year; issue 46).
  const [interval, setBillingInterval] = useState<Interval>(() =>
    params.get("interval") === "year" ? "year" : "month",
  );
  /** Stripe confirmed the payment; waiting for the webhook (null: not yet; "slow": still waiting). */
  const [activating, setActivating] = useState<"waiting" | "slow" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const autoStarted = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const audience = user?.userType ?? "business";
  const sidePlans = plans.data?.items.filter((p) => p.audience === audience) ?? [];
  const home = user ? dashboardPath(user.userType) : "/";

  const select = async (plan: Plan) => {
    if (!user) {
      sendToLogIn(navigate);
      return;
    }
    if (!plan.priceId) {
      navigate(home);
      return;
    }
    setBusy(plan.id);
    try {
      const started = await getOrCreateSubscription(plan.priceId, interval);
      if (started.isActive) {
        toast({
          title: "Active subscription detected",
          description: "You already have an active subscription.",
        });
        navigate(home);
        return;
      }
      if (!started.clientSecret || !started.subscription?.paymentIntentId) {
        toast({
          title: "Subscription error",
          description: "No client secret returned",
          variant: "destructive",
        });
        return;
      }
      setCheckout({ plan, started });
    } catch (error) {
      toast({
        title: "Subscription error",
        description:
          error instanceof Error && error.message ? error.message : "Failed to set up subscription",
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  };

  // ?plan=price_professional opens that plan's checkout (from /pricing).
  useEffect(() => {
    const wanted = params.get("plan");
    if (autoStarted.current || !wanted || !user || !plans.data) return;
    const plan = plans.data.items.find((p) => p.priceId === wanted && p.audience === user.userType);
    if (!plan) return;
    autoStarted.current = true;
    void select(plan);
  });

  const paidWithStripe = async () => {
    setActivating("waiting");
    if (await waitUntilActive()) done();
    else setActivating("slow");
  };

  // Back from a redirecting payment method (Stripe's return_url).
  useEffect(() => {
    if (params.get("redirect_status") === "succeeded" && user && activating === null && !complete)
      void paidWithStripe();
  });

  const done = () => {
    setComplete(true);
    toast({ title: "Subscription activated", variant: "success" });
    void queryClient.invalidateQueries({ queryKey: billingKey });
    void queryClient.invalidateQueries({ queryKey: ["plans"] });
    timer.current = setTimeout(() => navigate(home), 2000);
  };

  if (complete)
    return (
      <div className="container narrow section">
        <section className="card stack center billing-card" aria-live="polite">
          <Icon name="check" size={40} />
          <h1>Subscription Complete!</h1>
          <p className="muted">
            Your {checkout?.plan.title ?? ""} plan is active. Taking you to your dashboard…
          </p>
        </section>
      </div>
    );

  return (
    <PlansPage
      title="Choose your plan"
      description="Prices in Australian dollars, GST included, charged monthly or annually until you cancel."
      plans={plans}
      skeletonHeight="20rem"
      after={
        checkout ? (
          <section className="card stack billing-card checkout-panel" aria-labelledby="checkout-title">
            <Button
              variant="ghost"
              size="sm"
              className="checkout-close"
              aria-label="Close checkout"
              onPress={() => setCheckout(null)}
            >
              <Icon name="close" size={18} />
            </Button>
            <h2 id="checkout-title">Subscribe to {checkout.plan.title}</h2>
            <p className="muted">
              {formatMoney(checkout.started.amount)} today (GST included), then every{" "}
              {checkout.started.subscription?.interval ?? "month"} until you cancel. Your tax invoice will be
              in Settings → Billing.
            </p>
            {activating ? (
              <Alert>
                {activating === "waiting"
                  ? "Payment received. Activating your plan…"
                  : "Payment received. Your plan will be active in a few moments; check Settings → Billing."}
              </Alert>
            ) : checkout.started.gateway === "local" ? (
              <LocalCardForm
                endpoint="subscription-payments"
                payment={{
                  id: checkout.started.subscription?.paymentIntentId ?? "",
                  clientSecret: checkout.started.clientSecret ?? "",
                }}
                amountLabel={formatMoney(checkout.started.amount)}
                onDone={(intent) => {
                  if (intent.status === "succeeded") done();
                }}
              />
            ) : (
              <StripeElementForm
                mode="payment"
                publishableKey={checkout.started.publishableKey}
                clientSecret={checkout.started.clientSecret ?? ""}
                submitLabel={`Pay ${formatMoney(checkout.started.amount)}`}
                returnPath="/subscribe"
                onDone={() => void paidWithStripe()}
              />
            )}
          </section>
        ) : null
      }
    >
      <BillingIntervalChoice
        value={interval}
        onChange={(value) => {
          setBillingInterval(value);
          setCheckout(null);
        }}
      />
      <ul className={`plan-grid plan-grid-${audience}`}>
        {sidePlans.map((plan) => {
          const current = plans.data?.currentPlanId === plan.id;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={current}
              idPrefix="subscribe"
              heading="h2"
              interval={interval}
            >
              {plan.priceId ? (
                <Button
                  variant={plan.popular ? "primary" : "outline"}
                  block
                  isDisabled={current || busy !== null}
                  onPress={() => void select(plan)}
                >
                  {current ? "Current plan" : busy === plan.id ? "Processing..." : `Choose ${plan.title}`}
                </Button>
              ) : (
                <LinkButton href={home} variant="outline" block>
                  {current ? "Current plan" : "Stay on the free plan"}
                </LinkButton>
              )}
            </PlanCard>
          );
        })}
      </ul>
    </PlansPage>
  );
}
