/**
 * Settings → Billing (/settings/billing; issue 13): current plan and status, next renewal date and
 * amount, change plan (effective next cycle, §2.6 FAQ), cancel at period end / resume, "Update
 * card" for a failed renewal (pays the open invoice), payment history and tax invoice PDFs.
 * In Stripe mode (ADR 0042) the card the subscription is charged to shows as "Visa •••• 4242",
 * and "Update card" confirms a SetupIntent in Stripe.js's Payment Element (setup mode); the new
 * card becomes the customer's and the subscription's default. Payment history: a table that
 * fits its box from 1024 px, cards below (one row per invoice, labelled cells).
 */

import { billingKey, planTitle, statusLabel, useBilling, useCurrentUser } from "@closr/client";
import { LocalCardForm } from "@closr/partner-kit";
import {
  Alert,
  Badge,
  Button,
  formatDate,
  formatMoney,
  LinkButton,
  PageSpinner,
  ScrollTable,
  toast,
} from "@closr/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SettingsLayout } from "../../account/components/settings-layout.tsx";
import {
  startCardUpdate,
  useChangeSubscription,
  useCompleteCardUpdate,
  usePlans,
  useSubscriptionInvoices,
} from "../api/subscription-api.ts";
import { StripeElementForm } from "./stripe-element-form.tsx";

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};
/** "Visa •••• 4242" (Stripe's brand names: https://docs.stripe.com/api/payment_methods/object#payment_method_object-card-brand). */
const cardLabel = (card: { brand: string; last4: string }) =>
  `${brandNames[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1)} •••• ${card.last4}`;

/** The saved card and "Update card" through a SetupIntent (Stripe mode). */
function StripeCardSection({
  card,
  publishableKey,
}: {
  card: { brand: string; last4: string } | null;
  publishableKey: string | null;
}) {
  const [setup, setSetup] = useState<{ clientSecret: string; publishableKey: string | null } | null>(null);
  const [starting, setStarting] = useState(false);
  const complete = useCompleteCardUpdate();
  const begin = async () => {
    setStarting(true);
    try {
      const started = await startCardUpdate();
      setSetup({
        clientSecret: started.clientSecret,
        publishableKey: started.publishableKey ?? publishableKey,
      });
    } catch (error) {
      failed("Couldn't update card")(error as Error);
    } finally {
      setStarting(false);
    }
  };
  return (
    <section className="card stack billing-card" aria-labelledby="billing-payment-card">
      <h2 id="billing-payment-card" className="card-title">
        Payment method
      </h2>
      <p>{card ? cardLabel(card) : <span className="muted">No card on file.</span>}</p>
      {setup ? (
        <StripeElementForm
          mode="setup"
          publishableKey={setup.publishableKey}
          clientSecret={setup.clientSecret}
          submitLabel="Save card"
          returnPath="/settings/billing"
          onDone={(id) =>
            complete.mutate(id, {
              onSuccess: (b) => {
                setSetup(null);
                toast({
                  title: "Card updated",
                  description: b.card
                    ? `Your subscription is now charged to ${cardLabel(b.card)}.`
                    : "Your new card is saved.",
                  variant: "success",
                });
              },
              onError: failed("Couldn't update card"),
            })
          }
        />
      ) : (
        <div className="billing-actions">
          <Button variant="outline" isDisabled={starting} onPress={() => void begin()}>
            {starting ? "Processing..." : "Update card"}
          </Button>
        </div>
      )}
    </section>
  );
}

const failed = (title: string) => (error: Error) =>
  toast({
    title,
    description: error.message || "Something went wrong. Please try again.",
    variant: "destructive",
  });

/** /settings/billing in the settings frame (the signed-in frame with the settings side menu). */
export function BillingPage() {
  return (
    <SettingsLayout title="Billing" description="Your plan, payments and tax invoices. Prices include GST.">
      <BillingContent />
    </SettingsLayout>
  );
}

function BillingContent() {
  const user = useCurrentUser().data;
  const billing = useBilling();
  const plans = usePlans();
  const invoices = useSubscriptionInvoices();
  const change = useChangeSubscription();
  const queryClient = useQueryClient();

  if (billing.isPending) return <PageSpinner label="Loading billing" />;
  if (billing.isError)
    return (
      <div>
        <Alert variant="destructive">
          <p>Couldn't load your billing: {billing.error.message}</p>
          <Button variant="outline" size="sm" onPress={() => billing.refetch()}>
            Retry
          </Button>
        </Alert>
      </div>
    );
  const b = billing.data;
  const s = b.subscription;
  const open = s && (s.status === "active" || s.status === "past_due");
  const others =
    plans.data?.items.filter((p) => p.priceId && p.audience === user?.userType && p.id !== s?.planId) ?? [];

  return (
    <div className="stack-lg">
      <div className="billing-grid">
        <section className="card stack billing-card" aria-labelledby="billing-plan">
          <div className="row">
            <h2 id="billing-plan" className="card-title">
              {planTitle(open && s ? s.planId : b.entitlements.planId)}
            </h2>
            <Badge variant={s?.status === "past_due" ? "destructive" : open ? "success" : "outline"}>
              {statusLabel(b)}
            </Badge>
          </div>
          <dl className="billing-facts">
            {b.nextRenewal ? (
              <>
                <dt>Next renewal</dt>
                <dd>
                  {formatDate(b.nextRenewal.at)}, {formatMoney(b.nextRenewal.amount)}
                  {b.nextRenewal.planId !== s?.planId ? ` (${planTitle(b.nextRenewal.planId)})` : ""}
                </dd>
              </>
            ) : null}
            {open && s?.cancelAtPeriodEnd && s.currentPeriodEnd ? (
              <>
                <dt>Ends on</dt>
                <dd>{formatDate(s.currentPeriodEnd)}</dd>
              </>
            ) : null}
            <dt>Active partnerships</dt>
            <dd>
              {b.entitlements.partnershipLimit === null
                ? "Unlimited"
                : `Up to ${b.entitlements.partnershipLimit}`}
            </dd>
            {b.entitlements.inGrace && b.entitlements.graceEndsAt ? (
              <>
                <dt>Grace period</dt>
                <dd>Your features stay on until {formatDate(b.entitlements.graceEndsAt)}</dd>
              </>
            ) : null}
          </dl>
          {open && s ? (
            <div className="billing-actions">
              {s.cancelAtPeriodEnd ? (
                <Button
                  isPending={change.isPending}
                  onPress={() => change.mutate({ kind: "resume" }, { onError: failed("Couldn't resume") })}
                >
                  Resume subscription
                </Button>
              ) : (
                <Button
                  variant="outline"
                  isPending={change.isPending}
                  onPress={() => change.mutate({ kind: "cancel" }, { onError: failed("Couldn't cancel") })}
                >
                  Cancel at period end
                </Button>
              )}
            </div>
          ) : (
            <LinkButton href="/pricing">See plans</LinkButton>
          )}
        </section>

        {open && s?.status === "active" && others.length > 0 ? (
          <section className="card stack billing-card" aria-labelledby="billing-change">
            <h2 id="billing-change" className="card-title">
              Change plan
            </h2>
            <p className="muted">Plan changes apply at the start of your next billing cycle.</p>
            {s.scheduledPlanId ? (
              <Alert>
                Changes to {planTitle(s.scheduledPlanId)} on{" "}
                {s.currentPeriodEnd ? formatDate(s.currentPeriodEnd) : "the next cycle"}.
              </Alert>
            ) : null}
            <div className="billing-actions">
              {others.map((p) => (
                <Button
                  key={p.id}
                  variant="outline"
                  isDisabled={change.isPending || s.scheduledPlanId === p.id}
                  onPress={() =>
                    change.mutate(
                      { kind: "change", planId: p.priceId ?? "" },
                      { onError: failed("Couldn't change plan") },
                    )
                  }
                >
                  Switch to {p.title} ({formatMoney(p.price)}/month)
                </Button>
              ))}
              {s.scheduledPlanId ? (
                <Button
                  variant="ghost"
                  isPending={change.isPending}
                  onPress={() =>
                    change.mutate(
                      {
                        kind: "change",
                        planId: plans.data?.items.find((p) => p.id === s.planId)?.priceId ?? "",
                      },
                      { onError: failed("Couldn't change plan") },
                    )
                  }
                >
                  Keep {planTitle(s.planId)}
                </Button>
              ) : null}
            </div>
          </section>
        ) : null}

        {open && b.gateway === "stripe" ? (
          <StripeCardSection card={b.card} publishableKey={b.publishableKey} />
        ) : null}

        {s?.status === "past_due" && s.paymentIntentId && s.clientSecret && b.gateway === "local" ? (
          <section className="card stack billing-card" aria-labelledby="billing-card">
            <h2 id="billing-card" className="card-title">
              Update card
            </h2>
            <p className="muted">
              Your last payment failed. Pay the open invoice with another card to keep your plan.
            </p>
            <LocalCardForm
              endpoint="subscription-payments"
              payment={{ id: s.paymentIntentId, clientSecret: s.clientSecret }}
              amountLabel={formatMoney(b.nextRenewal?.amount ?? 0)}
              onDone={() => void queryClient.invalidateQueries({ queryKey: billingKey })}
            />
          </section>
        ) : null}
      </div>

      <section className="card stack billing-card" aria-labelledby="billing-history">
        <h2 id="billing-history" className="card-title">
          Payment history
        </h2>
        {invoices.isPending ? (
          <p className="muted">Loading…</p>
        ) : invoices.isError ? (
          <Alert variant="destructive">Error loading payment history: {invoices.error.message}</Alert>
        ) : invoices.data.items.length === 0 ? (
          <p className="muted">No payments yet.</p>
        ) : (
          <ScrollTable
            className="billing-table"
            columns={["Date", "Plan", "Period", "Amount", "GST", "Status", "Tax invoice"]}
          >
            {invoices.data.items.map((i) => (
              <tr key={i.id}>
                <td data-label="Date">{formatDate(i.paidAt ?? i.createdAt)}</td>
                <td data-label="Plan">{planTitle(i.planId)}</td>
                <td data-label="Period" className="billing-wrap">
                  {formatDate(i.periodStart)} – {formatDate(i.periodEnd)}
                </td>
                <td data-label="Amount">{formatMoney(i.amount)}</td>
                <td data-label="GST">{formatMoney(i.gst)}</td>
                <td data-label="Status">
                  <Badge variant={i.status === "paid" ? "success" : "destructive"}>
                    {i.status === "paid" ? "Paid" : "Failed"}
                  </Badge>
                </td>
                <td data-label="Tax invoice" className="billing-wrap">
                  {i.status === "paid" ? (
                    <a href={`/api/subscription/invoices/${i.id}/pdf`} download>
                      {i.number} (PDF)
                    </a>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </section>
    </div>
  );
}
