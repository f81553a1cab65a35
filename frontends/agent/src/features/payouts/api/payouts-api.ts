/**
 * The agent's payouts over the API (issue 14): the payout account and its status, starting
 * onboarding (Stripe's hosted pages, or the local form), the local form's bank details, tax
 * details (ABN, GST), and earnings. Query keys start with "payouts"; mutations invalidate them and
 * the invoices (whose terms depend on them).
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

type Schemas = components["schemas"];
export type PayoutAccount = Schemas["PayoutAccount"];
export type Earnings = Schemas["Earnings"];
export type BankDetails = Schemas["LocalBankDetailsRequest"];
export type TaxDetails = Schemas["TaxDetailsRequest"];

export const payoutsKey = ["payouts"] as const;

export function usePayoutAccount() {
  return useQuery({
    queryKey: [...payoutsKey, "account"],
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/payout-account");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: payoutsKey });
    void queryClient.invalidateQueries({ queryKey: ["invoices"] });
  };
}

export function useStartOnboarding() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () => {
      const { data, error, response } = await apiClient.POST("/api/payout-account/onboarding");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: invalidate,
  });
}

export function useSubmitBankDetails() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: BankDetails) => {
      const { data, error, response } = await apiClient.POST(
        "/api/local-gateway/payout-account/bank-details",
        {
          body,
        },
      );
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: invalidate,
  });
}

export function useSaveTaxDetails() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: TaxDetails) => {
      const { data, error, response } = await apiClient.PUT("/api/payout-account/tax-details", { body });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: invalidate,
  });
}

export function useEarnings(enabled = true) {
  return useQuery({
    queryKey: [...payoutsKey, "earnings"],
    enabled,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/earnings");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** Earnings as CSV (RFC 4180: quoted where needed, CRLF), one row per month. */
export function earningsCsv(earnings: Earnings): string {
  const head = ["Month", "Paid", "Platform fees", "Refunded", "Net", "Pending payout", "Held", "Paid out"];
  const rows = earnings.months.map((m) =>
    [m.month, m.paid, m.platformFees, m.refunded, m.net, m.pendingPayout, m.heldPayout, m.paidOut].map((v) =>
      typeof v === "number" ? v.toFixed(2) : v,
    ),
  );
  return `${[head, ...rows].map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\r\n")}\r\n`;
}

/** The words for a payout status. */
export const payoutStatusLabel: Record<PayoutAccount["status"], string> = {
  not_started: "Not set up",
  onboarding: "Details needed",
  restricted: "Needs attention",
  enabled: "Active",
};
