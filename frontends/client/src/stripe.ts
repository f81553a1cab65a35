/**
 * Stripe.js for the card forms (the business remote's invoice payments, the shell's subscription
 * and card-update forms): one `loadStripe` per publishable key, kept in the caller's QueryClient
 * under `["stripe", publishableKey]` (never a module-level cache: this package holds no state,
 * ADR 0048). Stripe.js itself is fetched only when a form first asks (@stripe/stripe-js/pure).
 * Source: https://docs.stripe.com/sdks/stripejs-react (the `stripe` prop of Elements must not change).
 */
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";

/** The query key of the Stripe instance of `publishableKey` (pk_…). */
export const stripeKey = (publishableKey: string) => ["stripe", publishableKey] as const;

/**
 * The Stripe instance of `publishableKey` (pk_…) from `queryClient`'s cache, loading it the first
 * time: every later call with the same key and client resolves to the same instance. Resolves to
 * null when Stripe.js cannot make one; rejects when Stripe.js fails to download.
 */
export function stripeFor(queryClient: QueryClient, publishableKey: string): Promise<Stripe | null> {
  return queryClient.ensureQueryData({
    queryKey: stripeKey(publishableKey),
    queryFn: () => loadStripe(publishableKey),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The promise an Elements provider takes for `publishableKey` (stable while the key and the
 * provider's QueryClient stay the same), or null when there is no key (Stripe not configured).
 */
export function useStripeFor(publishableKey: string | null | undefined): Promise<Stripe | null> | null {
  const queryClient = useQueryClient();
  return useMemo(
    () => (publishableKey ? stripeFor(queryClient, publishableKey) : null),
    [queryClient, publishableKey],
  );
}
