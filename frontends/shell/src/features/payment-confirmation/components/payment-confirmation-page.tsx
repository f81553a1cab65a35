/**
 * /payment-confirmation (spec §2.7, §4, §8). States loading, success, error; the decision is
 * in ../payment-outcome.ts. A payment_intent is verified by the server (GET
 * /api/payment-intents/{id}, which asks the gateway and applies what it reports); a failure to
 * verify is an error. invoice_id names the invoice paid.
 */
import { apiClient, dashboardPath, toApiError, useCurrentUser } from "@closr/client";
import { Card, CardContent, Icon, LinkButton, Spinner } from "@closr/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import {
  outcomeFromIntentStatus,
  outcomeFromRedirect,
  unverified,
  type Verdict,
} from "../api/payment-outcome.ts";

export function PaymentConfirmationPage() {
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const redirectStatus = params.get("redirect_status");
  const paymentIntent = params.get("payment_intent");
  const invoiceId = params.get("invoice_id");

  const verdict = useQuery({
    queryKey: ["payment-confirmation", paymentIntent, redirectStatus],
    retry: false,
    queryFn: async (): Promise<Verdict> => {
      const outcome = outcomeFromRedirect({ redirectStatus, paymentIntent });
      if (!("verify" in outcome)) return outcome;
      const { data, error, response } = await apiClient.GET("/api/payment-intents/{id}", {
        params: { path: { id: outcome.verify } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return outcomeFromIntentStatus(data.status);
    },
  });

  useEffect(() => {
    // The invoice lists and histories read before paying are out of date now.
    if (verdict.data?.state === "success") {
      void queryClient.invalidateQueries({ queryKey: ["payments"] });
      void queryClient.invalidateQueries({ queryKey: ["invoices"] });
    }
  }, [verdict.data, queryClient]);

  const home = user.data ? dashboardPath(user.data.userType) : "/";
  const result: Verdict | undefined = verdict.isError ? unverified : verdict.data;

  return (
    <div
      className="confirmation-page"
      style={{ display: "grid", placeItems: "center", padding: "3rem 1rem" }}
    >
      <Card className="confirmation-card" style={{ width: "min(100%, 480px)", textAlign: "center" }}>
        <CardContent className="stack">
          {!result ? (
            <>
              <Spinner label="Verifying your payment" size="lg" />
              <p className="muted">Verifying your payment…</p>
            </>
          ) : result.state === "success" ? (
            <>
              <span className="icon-bubble" aria-hidden="true" style={{ margin: "0 auto" }}>
                <Icon name="check" size={28} />
              </span>
              <h1 className="welcome-title">Payment Successful!</h1>
              <p className="muted">
                {invoiceId ? `Invoice #${invoiceId} has been paid. ` : ""}Thank you — a record of this payment
                is in your payment history.
              </p>
              <div style={{ display: "flex", gap: "0.5rem", justifyContent: "center", flexWrap: "wrap" }}>
                <LinkButton href={user.data ? dashboardPath(user.data.userType) : "/"}>
                  Go to Dashboard
                </LinkButton>
                {user.data?.userType === "business" ? (
                  <LinkButton href="/business/payments?tab=history" variant="outline">
                    View Payment History
                  </LinkButton>
                ) : null}
              </div>
            </>
          ) : (
            <>
              <span className="icon-bubble" aria-hidden="true" style={{ margin: "0 auto" }}>
                <Icon name="alert" size={28} />
              </span>
              <h1 className="welcome-title">Payment Failed</h1>
              <p role="alert">
                <strong>{result.title}:</strong> {result.text}
              </p>
              <div>
                <LinkButton href={home}>Return to Home</LinkButton>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
