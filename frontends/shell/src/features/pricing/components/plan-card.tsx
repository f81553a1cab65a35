/**
 * A plan as Pricing and /subscribe show it (spec §2.6 reading B): title with Most Popular and
 * Your plan badges, "Free" or "$x / month", description, the feature checklist, then the page's
 * own action; the billing period choice (monthly or annual) above the plans; the plan grid's
 * loading and error states; and the page frame both pages share.
 */
import type { components } from "@closr/contracts/client";
import { Alert, Badge, Button, formatMoney, Icon, PageHeader, RadioGroup, Skeleton, toast } from "@closr/ui";
import type { ReactNode } from "react";
import type { NavigateFunction } from "react-router";

type Plan = components["schemas"]["Plan"];

/** How often a subscription is charged: monthly, or annually at 10× the month (ADR 0042). */
export type BillingInterval = "month" | "year";

/**
 * "Billing period": Monthly or Annual ("2 months free"), above the plans on /pricing and
 * /subscribe, so the prices shown are those the FAQ and the checkout speak of (issue 46).
 */
export function BillingIntervalChoice({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}) {
  return (
    <div className="billing-interval">
      <RadioGroup
        label="Billing period"
        name="billing-interval"
        value={value}
        onChange={(chosen) => onChange(chosen === "year" ? "year" : "month")}
        options={[
          { value: "month", label: "Monthly" },
          { value: "year", label: "Annual", description: "2 months free" },
        ]}
      />
    </div>
  );
}

/**
 * A signed-out visitor who picks a plan (on /pricing or /subscribe) is told to log in, in a
 * destructive toast, and sent to /auth (spec §2.6, reading B).
 */
export function sendToLogIn(navigate: NavigateFunction): void {
  toast({
    title: "Authentication required",
    description: "Please log in to subscribe to a plan",
    variant: "destructive",
  });
  navigate("/auth");
}

export function PlanCard({
  plan,
  current,
  idPrefix,
  heading: Heading,
  interval = "month",
  children,
}: {
  plan: Plan;
  current: boolean;
  /** Prefix of the title's id ("plan" → "plan-{id}"), which labels the card. */
  idPrefix: string;
  heading: "h2" | "h3";
  /** The price shown: per month (default) or per year on annual billing (/subscribe; ADR 0042). */
  interval?: BillingInterval;
  /** The card's action (Subscribe, Choose, Get Started…). */
  children: ReactNode;
}) {
  const free = plan.price === 0;
  return (
    <li
      className={`card plan-card${plan.popular ? " plan-card-popular" : ""}`}
      aria-labelledby={`${idPrefix}-${plan.id}`}
    >
      <div className="row plan-card-head">
        <Heading id={`${idPrefix}-${plan.id}`} className="card-title">
          {plan.title}
        </Heading>
        {plan.popular ? <Badge variant="default">Most Popular</Badge> : null}
        {current ? <Badge variant="success">Your plan</Badge> : null}
      </div>
      <p className="plan-price">
        {free ? "Free" : formatMoney(interval === "year" ? plan.annualPrice : plan.price)}
        {free ? null : <span className="muted"> / {interval}</span>}
      </p>
      <p className="muted">{plan.description}</p>
      <ul className="check-list plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={16} />
            {feature}
          </li>
        ))}
      </ul>
      {children}
    </li>
  );
}

/** Three card skeletons of `height` while the plans load. */
export function PlanGridSkeleton({ height }: { height: string }) {
  return (
    <div className="plan-grid" role="status" aria-busy="true" aria-label="Loading plans">
      <Skeleton height={height} />
      <Skeleton height={height} />
      <Skeleton height={height} />
    </div>
  );
}

/** "Couldn't load the plans." with Retry. */
export function PlansError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <p>Couldn't load the plans.</p>
      <Button variant="outline" size="sm" onPress={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/**
 * A page of plans (Pricing, /subscribe): its header, then the grid skeleton while `plans` loads,
 * "Couldn't load the plans." with Retry if it failed, else `children`; `after` follows in every state.
 */
export function PlansPage({
  title,
  description,
  plans,
  skeletonHeight,
  children,
  after,
}: {
  title: string;
  description: string;
  plans: { isPending: boolean; isError: boolean; refetch: () => unknown };
  skeletonHeight: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="container section stack-lg">
      <PageHeader title={title} description={description} />
      {plans.isPending ? (
        <PlanGridSkeleton height={skeletonHeight} />
      ) : plans.isError ? (
        <PlansError onRetry={() => plans.refetch()} />
      ) : (
        children
      )}
      {after}
    </div>
  );
}
