/**
 * The dashboard sidebar's plan card (spec §2.2, made real by issue 13: the plan and status from
 * the server, not a fixed "Professional / Free Trial") and the past_due banner with "Update card".
 */

import { formatDate, LinkButton } from "@closr/ui";
import { Link } from "react-router";
import { planTitle, statusLabel, useBilling } from "./billing-api.ts";

export function PlanStatus() {
  const billing = useBilling().data;
  if (!billing) return null;
  const shown =
    billing.subscription?.status === "past_due" ? billing.subscription.planId : billing.entitlements.planId;
  return (
    <Link
      to="/settings/billing"
      className="plan-status"
      aria-label={`Plan: ${planTitle(shown)}, ${statusLabel(billing)}`}
    >
      <span className="plan-status-name">{planTitle(shown)}</span>
      <span
        className={`plan-status-state${billing.subscription?.status === "past_due" ? " is-warning" : ""}`}
      >
        {statusLabel(billing)}
      </span>
    </Link>
  );
}

export function PastDueBanner() {
  const billing = useBilling().data;
  if (billing?.subscription?.status !== "past_due") return null;
  const ends = billing.entitlements.graceEndsAt;
  return (
    <div className="past-due-banner" role="alert">
      <p>
        <strong>Your last payment failed.</strong> Update your card to keep your{" "}
        {planTitle(billing.subscription.planId)} plan
        {ends ? ` (features stay on until ${formatDate(ends, "d MMM")})` : ""}.
      </p>
      <LinkButton href="/settings/billing" size="sm">
        Update card
      </LinkButton>
    </div>
  );
}
