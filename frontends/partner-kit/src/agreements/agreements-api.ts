/**
 * Commission agreements over the API (issue 17; ADR 0017): a partnership's agreement (404 = none
 * yet), its steps (start, edit draft, propose, counter, amend, sign with the password) and the
 * commission the agreement in force computes on a sale (the agent's invoice form). Query keys
 * start with "agreements"; every step refreshes the agreement and the partnerships (the rate
 * follows the signed agreement).
 */

import { ApiError, apiClient, partnershipsKey, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

type Schemas = components["schemas"];
export type Agreement = Schemas["Agreement"];
export type AgreementTerms = Schemas["AgreementTerms"];
export type AgreementVersion = Schemas["AgreementVersion"];
export type CommissionModel = Schemas["CommissionModel"];
export type CommissionQuote = Schemas["CommissionQuote"];

export const agreementKey = (partnershipId: number) => ["agreements", partnershipId] as const;

/** True for a 404 problem (no agreement yet, or not the caller's). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.problem.status === 404;

/** The partnership's agreement; fails with a 404 ApiError when it has none yet. */
export function useAgreement(partnershipId: number) {
  return useQuery({
    queryKey: agreementKey(partnershipId),
    enabled: partnershipId > 0,
    retry: (count, error) => !isNotFound(error) && count < 2,
    queryFn: async (): Promise<Agreement> => {
      const { data, error, response } = await apiClient.GET("/api/partnerships/{partnershipId}/agreement", {
        params: { path: { partnershipId } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

export type AgreementStep =
  | { kind: "start"; terms: AgreementTerms }
  | { kind: "edit"; terms: AgreementTerms }
  | { kind: "propose" | "counter" | "amend" }
  | { kind: "sign"; version: number; password: string };

/** Runs one step of the negotiation; the agreement after it. */
export function useAgreementStep(partnershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (step: AgreementStep): Promise<Agreement> => {
      const path = { partnershipId };
      const call =
        step.kind === "start"
          ? apiClient.POST("/api/partnerships/{partnershipId}/agreement", {
              params: { path },
              body: step.terms,
            })
          : step.kind === "edit"
            ? apiClient.PUT("/api/partnerships/{partnershipId}/agreement/draft", {
                params: { path },
                body: step.terms,
              })
            : step.kind === "sign"
              ? apiClient.POST("/api/partnerships/{partnershipId}/agreement/sign", {
                  params: { path },
                  body: { version: step.version, password: step.password },
                })
              : step.kind === "propose"
                ? apiClient.POST("/api/partnerships/{partnershipId}/agreement/propose", { params: { path } })
                : step.kind === "counter"
                  ? apiClient.POST("/api/partnerships/{partnershipId}/agreement/counter", {
                      params: { path },
                    })
                  : apiClient.POST("/api/partnerships/{partnershipId}/agreement/amend", { params: { path } });
      const { data, error, response } = await call;
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: (agreement) => queryClient.setQueryData(agreementKey(partnershipId), agreement),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: agreementKey(partnershipId) });
      queryClient.invalidateQueries({ queryKey: partnershipsKey });
    },
  });
}

/**
 * The commission the agreement in force computes on `saleAmount` (AUD); null data when the
 * partnership has no signed agreement (404).
 */
export function useCommissionQuote(partnershipId: number, saleAmount: number | null) {
  return useQuery({
    queryKey: ["agreements", partnershipId, "commission", saleAmount ?? 0] as const,
    enabled: partnershipId > 0,
    retry: false,
    // While the next sale value's quote is on its way, keep the last quote of the same partnership
    // (`isPlaceholderData` is true meanwhile): the form that shows it stays mounted, so the field
    // being typed in keeps its focus and its keys (issue 46: typing 4500 left "4").
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === partnershipId ? previous : undefined,
    queryFn: async (): Promise<CommissionQuote | null> => {
      const { data, error, response } = await apiClient.GET(
        "/api/partnerships/{partnershipId}/agreement/commission",
        { params: { path: { partnershipId }, query: { saleAmount: saleAmount ?? 0 } } },
      );
      if (response.status === 404) return null;
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
}

/** §9 model ranges, shown as guidance only (the server does not enforce them). */
export const modelGuidance: Record<CommissionModel["type"], string> = {
  straight: "Straight commission is usually 10–30%.",
  base_plus: "Base plus commission is usually 5–15% on top of the base.",
  tiered: "Tiered commission raises the rate as sales pass each threshold.",
  residual: "Residual commission pays a rate on recurring revenue for some months.",
};

export const modelLabels: Record<CommissionModel["type"], string> = {
  straight: "Straight commission",
  base_plus: "Base plus commission",
  tiered: "Tiered commission",
  residual: "Residual commission",
};

export const territoryLabels: Record<AgreementTerms["territory"][number], string> = {
  sydney: "Sydney",
  melbourne: "Melbourne",
  brisbane: "Brisbane",
  perth: "Perth",
  remote: "Remote",
  other: "Other",
};

export const stageLabels: Record<Agreement["stage"], string> = {
  draft: "Draft",
  proposed: "Proposed",
  signed: "Signed",
  ended: "Ended",
};

export const versionStatusLabels: Record<AgreementVersion["status"], string> = {
  proposed: "Awaiting signatures",
  countered: "Countered",
  signed: "Signed — in force",
  superseded: "Superseded",
  ended: "Ended",
  withdrawn: "Withdrawn",
};
